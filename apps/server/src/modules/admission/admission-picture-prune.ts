import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { enqueueNextRun } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import { AdmissionRepository } from './admission.repository';

// The public form stores a picture before its application is sent (admission-form.service.ts), and
// an application can take it only until it expires. A picture no application took is then never
// shown or copied: a job every hour deletes the file and its record, so abandoned forms and
// uploads from strangers do not fill the storage.

export const ADMISSION_PICTURE_PRUNE_JOB = 'admission-pictures.prune';
const EVERY_MS = 60 * 60 * 1000;
/** Pictures one statement deletes; a run goes on until none are left. */
const BATCH = 500;

/** Puts the next prune in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleAdmissionPicturePrune(jobs: JobQueue, clock: Clock): Promise<void> {
  await enqueueNextRun(jobs, clock, ADMISSION_PICTURE_PRUNE_JOB, EVERY_MS);
}

/**
 * The hourly job: schedules the next one first (a failing prune never ends the chain), then
 * deletes each expired unclaimed picture's file before its record, so a file is never left
 * without the record that finds it again (deleting a missing file is not an error).
 */
export function admissionPicturePruneHandler(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  storage: Storage;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleAdmissionPicturePrune(deps.jobs, deps.clock);
    const repo = new AdmissionRepository(deps.db.kysely);
    const now = deps.clock.now();
    let deleted = 0;
    for (;;) {
      const keys = await repo.unclaimedExpired(now, BATCH);
      for (const key of keys) await deps.storage.delete(key);
      await repo.deleteUnclaimed(keys);
      deleted += keys.length;
      if (keys.length < BATCH) break;
    }
    if (deleted > 0) deps.log.info({ deleted }, 'expired admission pictures pruned');
  };
}
