import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { enqueueNextRun } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import { ExpiredCredentialsRepository } from './expired-credentials.repository';

// Sign-in leaves rows that stop counting once they expire: sessions, phone and e-mail codes and
// reset links, sign-up confirmation links, known-device tokens. Nothing reads them after that
// (sign-in, the devices lists and the limits all ask for live rows), so a job every day deletes
// them and the tables hold what can still be used. A code is kept a week past its expiry: a
// refused proof names the newest code ("expired" rather than "no code") for that long.

export const EXPIRED_CREDENTIALS_PRUNE_JOB = 'auth.expired-credentials.prune';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a spent or expired code still explains a refusal. */
export const CODE_KEPT_MS = 7 * DAY_MS;

/** Puts the next prune in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleExpiredCredentialsPrune(jobs: JobQueue, clock: Clock): Promise<void> {
  await enqueueNextRun(jobs, clock, EXPIRED_CREDENTIALS_PRUNE_JOB, DAY_MS);
}

/** The daily job: schedules the next one first (a failing prune never ends the chain), then prunes. */
export function expiredCredentialsPruneHandler(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleExpiredCredentialsPrune(deps.jobs, deps.clock);
    const now = deps.clock.now();
    const deleted = await new ExpiredCredentialsRepository(deps.db.kysely).prune(now, now - CODE_KEPT_MS);
    const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
    if (total > 0) deps.log.info(deleted, 'expired sign-in rows pruned');
  };
}
