import { addMonths, dayStartMs, monthDays, monthOf } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import type { JobHandler } from '../jobs/worker';
import { DuesSummaryRepository } from './dues-summary.repository';
import type { FeesService } from './fees.service';

// A new billing month bills every enrolled student again, so on the 1st every row of the dues
// list's summary (dues-summary.ts) is stale at once, and the first dues list or family home of
// each account would compute all of its students while a person waits. Just after midnight in
// Bangladesh a job puts one refresh per account with stale rows in the queue instead (so any
// number of workers share them, and other jobs are not held up behind one long run); a row a
// write marks stale later is recomputed by its next reader as before. A start missed while no
// worker ran runs as soon as one is back.

export const DUES_MONTH_START_JOB = 'dues.month-start';
export const DUES_REFRESH_JOB = 'dues.refresh-account';

/** Five minutes past midnight: the new month has begun everywhere in Bangladesh. */
const AFTER_MIDNIGHT_MS = 5 * 60_000;
/** Accounts read per page while queueing. */
const PAGE = 500;

/** 00:05 in Bangladesh on the 1st of the month after the one `now` is in. */
export function nextMonthStart(now: number): number {
  return dayStartMs(monthDays(addMonths(monthOf(now), 1)).from) + AFTER_MIDNIGHT_MS;
}

/** Puts the next month's start in the queue; keyed by its month, so one runs however many processes start. */
export async function scheduleDuesMonthStart(jobs: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextMonthStart(clock.now());
  await jobs.enqueue(
    DUES_MONTH_START_JOB,
    {},
    { runAt, idempotencyKey: `${DUES_MONTH_START_JOB}:${monthOf(runAt)}` },
  );
}

/** One refresh per account with rows not fresh for this month; returns how many were queued. */
export async function enqueueSummaryRefreshes(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
}): Promise<number> {
  const month = monthOf(deps.clock.now());
  const repo = new DuesSummaryRepository(deps.db.kysely);
  let queued = 0;
  for (let after = ''; ; ) {
    const accounts = await repo.accountsWithStale(month, after, PAGE);
    for (const accountId of accounts)
      await deps.jobs.enqueue(
        DUES_REFRESH_JOB,
        { accountId },
        { idempotencyKey: `${DUES_REFRESH_JOB}:${accountId}:${month}` },
      );
    queued += accounts.length;
    if (accounts.length < PAGE) return queued;
    after = accounts.at(-1)!;
  }
}

/** The worker's handlers: the month's start (which schedules the next month's first) and one account's refresh. */
export function duesMonthStartHandlers(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  fees: Pick<FeesService, 'refreshSummary'>;
  log: FastifyBaseLogger;
}): Record<string, JobHandler> {
  return {
    [DUES_MONTH_START_JOB]: async () => {
      await scheduleDuesMonthStart(deps.jobs, deps.clock);
      const accounts = await enqueueSummaryRefreshes(deps);
      deps.log.info({ accounts }, 'dues summaries queued for the new month');
    },
    [DUES_REFRESH_JOB]: async (payload) => {
      await deps.fees.refreshSummary((payload as { accountId: string }).accountId);
    },
  };
}
