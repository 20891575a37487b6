import { loadConfigOrExit } from '../config/load-or-exit';
import { migrateToLatest } from '../db/database';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';
import { scheduleRecurringJobs } from '../modules/jobs/recurring-jobs';

// The job worker on its own, for deployments that run API processes with RUN_WORKER=false.
const config = loadConfigOrExit();
const log = createLogger(config);
const deps = await createDeps(config, log);
await migrateToLatest(deps.db.kysely);
await scheduleRecurringJobs(config, deps.jobs, deps.clock);
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
