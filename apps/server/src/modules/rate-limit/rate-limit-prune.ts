import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { enqueueNextRun } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import type { RateLimiter } from './rate-limit.service';

// Every limit writes a row per key and window (rate_limits); once the window has ended the row
// counts nothing. A job every hour deletes those rows, so the table holds the current windows
// only, whatever a flood of addresses or serials wrote.

export const RATE_LIMIT_PRUNE_JOB = 'rate-limits.prune';
const EVERY_MS = 60 * 60 * 1000;

/** Puts the next prune in the queue; keyed by its time, so one runs however many processes start. */
export async function scheduleRateLimitPrune(jobs: JobQueue, clock: Clock): Promise<void> {
  await enqueueNextRun(jobs, clock, RATE_LIMIT_PRUNE_JOB, EVERY_MS);
}

/** The hourly job: schedules the next one first (a failing prune never ends the chain), then prunes. */
export function rateLimitPruneHandler(deps: {
  jobs: JobQueue;
  clock: Clock;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleRateLimitPrune(deps.jobs, deps.clock);
    const deleted = await deps.limiter.prune();
    if (deleted > 0) deps.log.info({ deleted }, 'ended rate-limit windows pruned');
  };
}
