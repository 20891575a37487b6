import { addMonths, monthOf } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import type { JobHandler } from '../jobs/worker';
import type { FeesService } from './fees.service';

// A new billing month bills every enrolled student again, so on the 1st every row of the dues
// list's summary (dues-summary.ts) is stale at once, and the first dues list or family home of
// each account would compute all of its students while a person waits. Just after midnight in
// Bangladesh a job brings every account's rows up to date instead; a row a write marks stale
// later is recomputed by its next reader as before. A start missed while the worker was down
// runs as soon as it is back.

export const DUES_MONTH_START_JOB = 'dues.month-start';

const HOUR_MS = 3_600_000;
/** Bangladesh Standard Time is UTC+6 all year (no daylight saving). */
const DHAKA_OFFSET_MS = 6 * HOUR_MS;
/** Five minutes past midnight: the new month has begun everywhere in Bangladesh. */
const AFTER_MIDNIGHT_MS = 5 * 60_000;

/** 00:05 in Bangladesh on the 1st of the month after the one `now` is in. */
export function nextMonthStart(now: number): number {
  const [year, month] = addMonths(monthOf(now), 1).split('-').map(Number) as [number, number];
  return Date.UTC(year, month - 1, 1) - DHAKA_OFFSET_MS + AFTER_MIDNIGHT_MS;
}

/** Puts the next month's refresh in the queue; keyed by its month, so one runs however many processes start. */
export async function scheduleDuesMonthStart(jobs: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextMonthStart(clock.now());
  await jobs.enqueue(
    DUES_MONTH_START_JOB,
    {},
    { runAt, idempotencyKey: `${DUES_MONTH_START_JOB}:${monthOf(runAt)}` },
  );
}

/** The monthly job: schedules the next month's first (a failure never ends the chain), then refreshes. */
export function duesMonthStartHandler(deps: {
  jobs: JobQueue;
  clock: Clock;
  fees: Pick<FeesService, 'refreshAllSummaries'>;
  log: FastifyBaseLogger;
}): JobHandler {
  return async () => {
    await scheduleDuesMonthStart(deps.jobs, deps.clock);
    const accounts = await deps.fees.refreshAllSummaries();
    deps.log.info({ accounts }, 'dues summaries brought up to date for the new month');
  };
}
