import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { enqueueNextRun } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import type { RecycleBinService } from './recycle-bin.service';

// Deleted items stay restorable for the plan's days (each entry carries its own expiry); once a
// day this job removes the expired ones, and with them the last copy of their rows.

export const RECYCLE_BIN_PURGE_JOB = 'recycle-bin.purge';
const EVERY_MS = 24 * 60 * 60 * 1000;

/** Puts the next purge in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleRecycleBinPurge(jobs: JobQueue, clock: Clock): Promise<void> {
  await enqueueNextRun(jobs, clock, RECYCLE_BIN_PURGE_JOB, EVERY_MS);
}

/** The daily job: schedules the next one first (a failing purge never ends the chain), then purges. */
export function recycleBinPurgeHandler(deps: {
  jobs: JobQueue;
  clock: Clock;
  bin: Pick<RecycleBinService, 'purge'>;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleRecycleBinPurge(deps.jobs, deps.clock);
    const purged = await deps.bin.purge();
    if (purged > 0) deps.log.info({ purged }, 'expired Recycle bin entries purged');
  };
}
