import type { Config } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { scheduleAdmissionPicturePrune } from '../admission/admission-picture-prune';
import { scheduleAbsenceScan } from '../attendance-alerts/absence-alerts';
import { scheduleExpiredCredentialsPrune } from '../auth/expired-credentials-prune';
import { scheduleDailyBackup } from '../backup/backup-schedule';
import { scheduleBillingReminders } from '../billing/billing-reminders';
import { scheduleDuesReminders } from '../dues-reminders/dues-reminders-schedule';
import { scheduleDuesMonthStart } from '../fees/dues-month-start';
import { scheduleParentLinkFix } from '../parents/parent-links';
import { scheduleRateLimitPrune } from '../rate-limit/rate-limit-prune';
import { scheduleRecycleBinPurge } from '../recycle-bin/recycle-bin-purge';
import { scheduleExamReminders } from '../timetable/exam-reminders';
import { scheduleUploadsPrune } from '../uploads/uploads-prune';
import type { JobQueue } from './jobs.service';

/**
 * Every recurring job and the one-time fixes, enqueued at start by the server and by the
 * stand-alone worker alike (each enqueue is idempotent), so a deployment that runs its API
 * processes with RUN_WORKER=false still gets all of them.
 */
export async function scheduleRecurringJobs(config: Config, jobs: JobQueue, clock: Clock): Promise<void> {
  await scheduleParentLinkFix(jobs);
  await scheduleDailyBackup(config, jobs, clock);
  await scheduleDuesReminders(jobs, clock);
  await scheduleDuesMonthStart(jobs, clock);
  await scheduleBillingReminders(jobs, clock);
  await scheduleAbsenceScan(jobs, clock);
  await scheduleRateLimitPrune(jobs, clock);
  await scheduleAdmissionPicturePrune(jobs, clock);
  await scheduleExpiredCredentialsPrune(jobs, clock);
  await scheduleRecycleBinPurge(jobs, clock);
  await scheduleExamReminders(jobs, clock);
  await scheduleUploadsPrune(jobs, clock);
}
