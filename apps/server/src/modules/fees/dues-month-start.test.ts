import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import {
  DUES_MONTH_START_JOB,
  enqueueSummaryRefreshes,
  nextMonthStart,
  scheduleDuesMonthStart,
} from './dues-month-start';
import { FeesRepository } from './fees.repository';
import { accountDues } from './fees-dues';

// The month-start refresh of the dues list's summary: just after midnight in Bangladesh on the
// 1st, every account's rows are brought up to date for the new month, as a fresh computation
// gives them, and the next month's run is in the queue.

const HOUR = 3_600_000;
/** 30 November 2026, 18:00 in Bangladesh. */
const NOVEMBER_30 = Date.UTC(2026, 10, 30, 12);
const SEPTEMBER = Date.UTC(2026, 8, 10);

describe('nextMonthStart', () => {
  it('is 00:05 in Bangladesh on the 1st of the next Bangladesh month', () => {
    // 18:05 UTC on 30 November is 00:05 on 1 December in Dhaka (UTC+6).
    expect(nextMonthStart(NOVEMBER_30)).toBe(Date.UTC(2026, 10, 30, 18, 5));
    // Half past midnight on 1 December in Dhaka is already December: the next start is January's.
    expect(nextMonthStart(Date.UTC(2026, 10, 30, 18, 30))).toBe(Date.UTC(2026, 11, 31, 18, 5));
    expect(nextMonthStart(Date.UTC(2026, 11, 31, 17, 0))).toBe(Date.UTC(2026, 11, 31, 18, 5));
  });
});

describe.each(DIALECTS)('dues month start [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('brings every row of every account up to date for the new month', async () => {
    ctx.deps.clock.set(NOVEMBER_30);
    const accounts: string[] = [];
    for (const fee of [150_000, 90_000]) {
      const t = await signUp(ctx.app, ctx.deps);
      const room = await createClassroom(t.client, t.accountId, { tuitionFeePaisa: fee });
      for (let i = 0; i < 3; i++)
        await addStudent(t.client, t.accountId, {
          enrolments: [{ classroomId: room, tuitionFeePaisa: null }],
        });
      await ctx.deps.db.kysely
        .updateTable('enrolments')
        .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
        .where('classroom_id', '=', room)
        .execute();
      accounts.push(t.accountId);
    }
    const summaries = () =>
      ctx.deps.db.kysely
        .selectFrom('dues_summaries')
        .select(['account_id', 'student_id', 'fresh_for', 'due', 'charged'])
        .where('account_id', 'in', accounts)
        .orderBy('student_id')
        .execute();
    // Enrolments written: every row is stale. Refreshes in November make them fresh for November.
    expect((await summaries()).map((row) => row.fresh_for)).toEqual(Array(6).fill(null));
    expect(await enqueueSummaryRefreshes(ctx.deps)).toBe(2);
    const worker = ctx.deps.createWorker();
    await worker.drain();
    expect((await summaries()).map((row) => row.fresh_for)).toEqual(Array(6).fill('2026-11'));
    expect(await enqueueSummaryRefreshes(ctx.deps)).toBe(0);

    await scheduleDuesMonthStart(ctx.deps.jobs, ctx.deps.clock);
    await worker.drain();
    // Not yet: it is still November in Bangladesh.
    expect((await summaries()).every((row) => row.fresh_for === '2026-11')).toBe(true);

    ctx.deps.clock.set(nextMonthStart(NOVEMBER_30) + HOUR);
    await worker.drain();
    const rows = await summaries();
    expect(rows.map((row) => row.fresh_for)).toEqual(Array(6).fill('2026-12'));
    const repo = new FeesRepository(ctx.deps.db.kysely);
    for (const accountId of accounts) {
      const computed = await accountDues(repo, accountId, '2026-12');
      expect(computed).toHaveLength(3);
      for (const row of computed) {
        const kept = rows.find((r) => r.student_id === row.studentId)!;
        expect({ due: Number(kept.due), charged: Number(kept.charged) }).toEqual({
          due: row.totals.duePaisa,
          charged: row.totals.chargedPaisa,
        });
      }
    }
    // September to December billed, nothing paid.
    expect(Number(rows.find((r) => r.account_id === accounts[0])!.due)).toBe(4 * 150_000);

    const next = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('type', '=', DUES_MONTH_START_JOB)
      .orderBy('run_at')
      .execute();
    expect(next.map((job) => [Number(job.run_at), job.status])).toEqual([
      [Date.UTC(2026, 10, 30, 18, 5), 'done'],
      [Date.UTC(2026, 11, 31, 18, 5), 'queued'],
    ]);
    ctx.deps.clock.release();
  });
});
