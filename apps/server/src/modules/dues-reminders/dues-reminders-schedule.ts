import { dayOf, monthOf, nextBangladeshHour } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { DuesRemindersRepository } from './dues-reminders.repository';
import type { DuesRemindersService } from './dues-reminders.service';

// The automatic monthly dues reminder (beyond the spec), on the jobs worker like
// the daily backup (backup-schedule.ts): a daily job finds the accounts whose day has come this
// month and puts one job per account and month in the queue; each sends at most once
// (DuesRemindersService.runMonthly). A day missed while the server was down is caught up the
// next day, still within the month.

export const DUES_REMINDERS_DAILY_JOB = 'dues-reminders.daily';
export const DUES_REMINDER_JOB = 'dues-reminders.account';

/** 10:00 in Bangladesh: after the quiet hours, when families read messages. */
const RUN_HOUR = 10;

/** The first time after `now` that it is 10:00 in Bangladesh. */
export function nextReminderCheck(now: number): number {
  return nextBangladeshHour(now, RUN_HOUR);
}

/** Puts the next daily check in the queue; keyed by its date, so one runs per day however many processes start. */
export async function scheduleDuesReminders(jobs: JobQueue, clock: Clock): Promise<void> {
  const runAt = nextReminderCheck(clock.now());
  await jobs.enqueue(
    DUES_REMINDERS_DAILY_JOB,
    {},
    { runAt, idempotencyKey: `${DUES_REMINDERS_DAILY_JOB}:${dayOf(runAt)}` },
  );
}

/** Enqueues this month's reminder of every account whose day has come and that has not had it. */
export async function enqueueDueReminders(deps: { db: Db; clock: Clock; jobs: JobQueue }): Promise<number> {
  const now = deps.clock.now();
  const month = monthOf(now);
  const day = Number(dayOf(now).slice(8));
  const accounts = await new DuesRemindersRepository(deps.db.kysely).dueAccounts(month, day);
  for (const { account_id: accountId } of accounts) {
    await deps.jobs.enqueue(
      DUES_REMINDER_JOB,
      { accountId, month },
      { idempotencyKey: `${DUES_REMINDER_JOB}:${accountId}:${month}` },
    );
  }
  return accounts.length;
}

/** The worker's handlers: the daily check (which schedules tomorrow's first) and one account's send. */
export function duesReminderHandlers(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  reminders: DuesRemindersService;
  log: FastifyBaseLogger;
}) {
  return {
    [DUES_REMINDERS_DAILY_JOB]: async () => {
      await scheduleDuesReminders(deps.jobs, deps.clock);
      const queued = await enqueueDueReminders(deps);
      if (queued > 0) deps.log.info({ accounts: queued }, 'monthly dues reminders queued');
    },
    [DUES_REMINDER_JOB]: async (payload: unknown) => {
      const { accountId, month } = payload as { accountId: string; month: string };
      const outcome = await deps.reminders.runMonthly(accountId, month);
      deps.log.info({ accountId, month, outcome }, 'monthly dues reminder');
    },
  };
}
