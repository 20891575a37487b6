import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { enqueueNextRun } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import { UploadsRepository } from './uploads.repository';
import { UPLOAD_EXPIRY_MS } from './uploads.service';

// Uploads nobody will finish or use (uploads.service.ts): an upload under way past its expiry can
// no longer be resumed (tus answers 410) and stopped reserving quota then; a finished upload no
// module claimed within a week (the tab closed between the last byte and the save, and never came
// back) still counts against the plan's storage. A job every hour forgets the first; the second
// is first marked so that no claim takes it any more, then its file is deleted before its record,
// so a file is never left without the record that finds it. The chunk files of unfinished uploads live on each machine's disk and are removed there
// (uploads.register.ts).

export const UPLOADS_PRUNE_JOB = 'uploads.prune';
const EVERY_MS = 60 * 60 * 1000;
/** How long a finished upload waits for the module that asked for it to claim it. */
export const UNCLAIMED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Uploads one statement forgets; a run goes on until none are left. */
const BATCH = 500;

/** Puts the next prune in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleUploadsPrune(jobs: JobQueue, clock: Clock): Promise<void> {
  await enqueueNextRun(jobs, clock, UPLOADS_PRUNE_JOB, EVERY_MS);
}

/** The hourly job: schedules the next one first (a failing prune never ends the chain), then prunes. */
export function uploadsPruneHandler(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  storage: Storage;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleUploadsPrune(deps.jobs, deps.clock);
    const repo = new UploadsRepository(deps.db.kysely);
    const now = deps.clock.now();
    let abandoned = 0;
    for (;;) {
      const removed = await repo.removeAbandoned(now - UPLOAD_EXPIRY_MS, BATCH);
      abandoned += removed;
      if (removed < BATCH) break;
    }
    let unclaimed = 0;
    for (;;) {
      await repo.markUnclaimedForPruning(now - UNCLAIMED_KEPT_MS, BATCH);
      const rows = await repo.pruning(BATCH);
      for (const row of rows) if (row.storage_key) await deps.storage.delete(row.storage_key);
      await repo.removePruned(rows.map((r) => r.id));
      unclaimed += rows.length;
      if (rows.length < BATCH) break;
    }
    if (abandoned + unclaimed > 0) deps.log.info({ abandoned, unclaimed }, 'left uploads pruned');
  };
}
