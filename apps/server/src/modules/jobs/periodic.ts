import type { Clock } from '../../lib/clock';
import type { JobQueue } from './jobs.service';

/**
 * Puts a periodic job's next run in the queue, at the next whole multiple of its period. Keyed by
 * that time, so one run is queued however many processes start; its handler calls this first, so
 * a failing run never ends the chain.
 */
export async function enqueueNextRun(
  jobs: JobQueue,
  clock: Clock,
  type: string,
  everyMs: number,
): Promise<void> {
  const runAt = (Math.floor(clock.now() / everyMs) + 1) * everyMs;
  await jobs.enqueue(type, {}, { runAt, idempotencyKey: `${type}:${runAt}` });
}
