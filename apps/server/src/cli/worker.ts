import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest } from '../db/database';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';
import { scheduleAdmissionPicturePrune } from '../modules/admission/admission-picture-prune';
import { scheduleAbsenceScan } from '../modules/attendance-alerts/absence-alerts';
import { scheduleDailyBackup } from '../modules/backup/backup-schedule';
import { scheduleBillingReminders } from '../modules/billing/billing-reminders';
import { scheduleDuesReminders } from '../modules/dues-reminders/dues-reminders-schedule';
import { scheduleRateLimitPrune } from '../modules/rate-limit/rate-limit-prune';

// The job worker on its own, for deployments that run API processes with RUN_WORKER=false.
const config = loadConfigOrExit();
const log = createLogger(config);
const deps = await createDeps(config, log);
await migrateToLatest(deps.db.kysely);
await scheduleDailyBackup(config, deps.jobs, deps.clock);
await scheduleDuesReminders(deps.jobs, deps.clock);
await scheduleBillingReminders(deps.jobs, deps.clock);
await scheduleAbsenceScan(deps.jobs, deps.clock);
await scheduleRateLimitPrune(deps.jobs, deps.clock);
await scheduleAdmissionPicturePrune(deps.jobs, deps.clock);
const worker = deps.createWorker();
worker.start();
log.info({ workerId: worker.id }, 'job worker started');

const stop = async () => {
  await worker.stop();
  await deps.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
