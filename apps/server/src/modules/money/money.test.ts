import { addDays, addMonths, dayOf, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';

// The money manager through the real app on both databases: the summary of
// part 2 §3 from payments, voids, refunds, waivers and manual entries; Today, Yesterday and custom
// ranges; transaction history; charts; collection rate; owners and admins only.

const DAY = 86_400_000;

async function school(ctx: TestAppContext) {
  const t = await signUp(ctx.app, ctx.deps);
  const now = ctx.deps.clock.now();
  const thisMonth = monthOf(now);
  const physics = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    tuitionFeePaisa: 150_000,
  });
  await createClassroom(t.client, t.accountId, { name: 'Math A', tuitionFeePaisa: 200_000 });
  const student = await addStudent(t.client, t.accountId, {
    name: 'Rafi Islam',
    enrolments: [{ classroomId: physics, tuitionFeePaisa: null }],
  });
  // Enrolled three months ago, so earlier months are owed too.
  const since = now - 95 * DAY;
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: since, applied_at: since })
    .where('student_id', '=', student.id)
    .execute();
  const base = `/api/accounts/${t.accountId}`;
  const collect = async (allocations: object[], receivedAt?: number) => {
    const res = await t.client.post(`${base}/students/${student.id}/payments`, {
      method: 'cash',
      allocations,
      receivedAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; receiptNo: number };
  };
  const month = (m: string, amountPaisa: number) => ({
    kind: 'month',
    classroomId: physics,
    month: m,
    amountPaisa,
  });
  const today = dayOf(now);
  const yesterday = addDays(today, -1);
  const report = async (from: string, to = from) => {
    const res = await t.client.get(`${base}/money/report?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { t, now, thisMonth, physics, student, base, collect, month, today, yesterday, report };
}

describe.each(DIALECTS)('money manager [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('sums payments, voids, refunds, waivers and entries for Today, Yesterday and a custom range', async () => {
    const s = await school(ctx);
    const exam = await s.t.client.post(`${s.base}/fee-charges`, {
      classroomId: s.physics,
      label: 'Exam fee',
      amountPaisa: 50_000,
      dueMonth: s.thisMonth,
    });
    const paid = await s.collect([
      s.month(s.thisMonth, 150_000),
      { kind: 'charge', chargeId: exam.json().id, amountPaisa: 50_000 },
    ]);
    const lastMonth = addMonths(s.thisMonth, -1);
    await s.collect([s.month(lastMonth, 100_000)], s.now - DAY);
    const mistake = await s.collect([s.month(lastMonth, 30_000)]);
    expect(
      (await s.t.client.post(`${s.base}/payments/${mistake.id}/void`, { reason: 'Entered twice' }))
        .statusCode,
    ).toBe(200);
    // A refund comes off the payment's last items first: the exam fee.
    expect(
      (
        await s.t.client.post(`${s.base}/payments/${paid.id}/refund`, {
          amountPaisa: 20_000,
          method: 'cash',
          reason: 'Missed the exam',
        })
      ).statusCode,
    ).toBe(201);
    const adjust = (body: object) =>
      s.t.client.post(`${s.base}/students/${s.student.id}/fee-adjustments`, body);
    const twoMonthsAgo = addMonths(s.thisMonth, -2);
    expect(
      (await adjust({ classroomId: s.physics, month: twoMonthsAgo, kind: 'waiver', reason: 'Scholarship' }))
        .statusCode,
    ).toBe(201);
    await adjust({
      classroomId: s.physics,
      month: lastMonth,
      kind: 'discount',
      amountPaisa: 30_000,
      reason: 'Sibling',
    });
    const rent = await s.t.client.post(`${s.base}/money/entries`, {
      kind: 'expense',
      category: 'rent',
      amountPaisa: 40_000,
      day: s.today,
      note: 'November rent',
    });
    expect(rent.statusCode, rent.body).toBe(201);
    expect(rent.json()).toMatchObject({ kind: 'expense', category: 'rent', day: s.today, updatedAt: null });
    await s.t.client.post(`${s.base}/money/entries`, {
      kind: 'income',
      category: 'donation',
      amountPaisa: 10_000,
      day: s.yesterday,
    });
    const future = await s.t.client.post(`${s.base}/money/entries`, {
      kind: 'expense',
      category: 'rent',
      amountPaisa: 1,
      day: addDays(s.today, 1),
    });
    expect(future.json()).toMatchObject({
      error: { code: 'MONEY_ENTRY_IN_FUTURE', message: 'The day of an entry cannot be after today.' },
    });

    const today = await s.report(s.today);
    expect(today.summary).toEqual({
      totalIncomePaisa: 200_000,
      totalExpensePaisa: 40_000,
      netProfitPaisa: 140_000,
      totalCollectedPaisa: 200_000,
      totalRefundedPaisa: 20_000,
      totalWaivedPaisa: 150_000 + 30_000,
      netIncomePaisa: 180_000,
      manualIncomePaisa: 0,
      tuitionPaisa: 150_000,
      otherFeesPaisa: 30_000,
    });
    expect(today.days).toEqual([
      { key: s.today, incomePaisa: 180_000, expensePaisa: 40_000, netPaisa: 140_000 },
    ]);
    expect(today.categories).toEqual([{ kind: 'expense', category: 'rent', paisa: 40_000 }]);

    const yesterday = await s.report(s.yesterday);
    expect(yesterday.summary).toMatchObject({
      totalCollectedPaisa: 100_000,
      manualIncomePaisa: 10_000,
      totalIncomePaisa: 110_000,
      totalExpensePaisa: 0,
      totalWaivedPaisa: 0,
      tuitionPaisa: 100_000,
    });

    const both = await s.report(s.yesterday, s.today);
    expect(both.days.map((d: { key: string }) => d.key)).toEqual([s.yesterday, s.today]);
    expect(both.summary.netProfitPaisa).toBe(250_000);
    expect(both.days.reduce((sum: number, d: { netPaisa: number }) => sum + d.netPaisa, 0)).toBe(250_000);

    const series = (await s.t.client.get(`${s.base}/money/series?from=${s.yesterday}&to=${s.today}`)).json();
    expect(series).toEqual({ unit: 'day', points: both.days });
    const year = (
      await s.t.client.get(`${s.base}/money/series?from=${addDays(s.today, -364)}&to=${s.today}`)
    ).json();
    expect(year.unit).toBe('month');
    expect(year.points.at(-1)).toMatchObject({ key: s.today.slice(0, 7) });
    expect(year.points.reduce((sum: number, p: { netPaisa: number }) => sum + p.netPaisa, 0)).toBe(250_000);

    const backwards = await s.t.client.get(`${s.base}/money/report?from=${s.today}&to=${s.yesterday}`);
    expect(backwards.statusCode).toBe(400);

    // The collection rate of this month: the fee and the exam fee billed, the exam fee part refunded.
    const collection = (await s.t.client.get(`${s.base}/money/collection?month=${s.thisMonth}`)).json();
    expect(collection.classrooms).toEqual([
      {
        classroomId: s.physics,
        name: 'Physics A',
        students: 1,
        billedPaisa: 200_000,
        collectedPaisa: 180_000,
        rate: 0.9,
      },
    ]);
    const overview = (await s.t.client.get(`${s.base}/money/overview`)).json();
    expect(overview).toEqual({ classrooms: 2, students: 1 });
  });

  it('lists transactions newest first, by kind and by page, and edits and deletes entries on record', async () => {
    const s = await school(ctx);
    await s.collect([s.month(s.thisMonth, 50_000)], s.now - 60_000);
    const rent = (
      await s.t.client.post(`${s.base}/money/entries`, {
        kind: 'expense',
        category: 'Generator fuel',
        amountPaisa: 40_000,
        day: s.today,
      })
    ).json();
    const range = `from=${s.yesterday}&to=${s.today}`;
    const list = async (extra = '') =>
      (await s.t.client.get(`${s.base}/money/transactions?${range}${extra}`)).json();
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.items.map((i: { kind: string }) => i.kind)).toEqual(['expense', 'payment']);
    expect(all.items[0]).toMatchObject({
      label: 'Generator fuel',
      amountPaisa: 40_000,
      receiptNo: null,
      entry: { id: rent.id },
    });
    expect(all.items[1]).toMatchObject({
      label: 'Rafi Islam',
      amountPaisa: 50_000,
      receiptNo: 1,
      method: 'cash',
      voided: false,
    });
    expect((await list('&kind=payment')).items.map((i: { kind: string }) => i.kind)).toEqual(['payment']);
    expect((await list('&kind=income')).total).toBe(0);
    const second = await list('&pageSize=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ kind: 'payment' }] });

    const categories = (await s.t.client.get(`${s.base}/money/categories`)).json();
    expect(categories.expense.at(-1)).toBe('Generator fuel');
    expect(categories.expense[0]).toBe('rent');
    expect(categories.income).not.toContain('Generator fuel');

    const edited = await s.t.client.put(`${s.base}/money/entries/${rent.id}`, {
      kind: 'expense',
      category: 'Generator fuel',
      amountPaisa: 45_000,
      day: s.yesterday,
      note: 'Two cans',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amountPaisa: 45_000, day: s.yesterday, note: 'Two cans' });
    expect(edited.json().updatedAt).not.toBeNull();
    expect((await s.report(s.yesterday)).summary.totalExpensePaisa).toBe(45_000);

    expect((await s.t.client.delete(`${s.base}/money/entries/${rent.id}`)).statusCode).toBe(200);
    expect((await s.t.client.delete(`${s.base}/money/entries/${rent.id}`)).statusCode).toBe(404);
    expect((await s.report(s.yesterday)).summary.totalExpensePaisa).toBe(0);
    expect((await list()).total).toBe(1);
    const kept = await ctx.deps.db.kysely
      .selectFrom('money_entries')
      .select(['removed_at', 'removed_by_user_id'])
      .where('id', '=', rent.id)
      .executeTakeFirstOrThrow();
    expect(kept.removed_by_user_id).toBe(s.t.userId);
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('account_id', '=', s.t.accountId)
      .where('subject_type', '=', 'money-entry')
      .orderBy('created_at')
      .execute();
    expect(log.map((l) => l.event_name)).toEqual([
      'Add Money Entry',
      'Edit Money Entry',
      'Delete Money Entry',
    ]);
  });

  it('shows the books to owners and admins only, and never another account', async () => {
    const s = await school(ctx);
    const entry = (
      await s.t.client.post(`${s.base}/money/entries`, {
        kind: 'expense',
        category: 'rent',
        amountPaisa: 1_000,
        day: s.today,
      })
    ).json();
    // Even an assistant who may take payments at the counter is refused the books.
    const assistantId = await assistantWithGrant(ctx.deps, s.t.accountId, { collectPayments: true });
    const assistant = await clientFor(ctx.app, ctx.deps, assistantId);
    expect((await assistant.get(`${s.base}/money/report?from=${s.today}&to=${s.today}`)).statusCode).toBe(
      403,
    );
    expect((await assistant.get(`${s.base}/money/overview`)).statusCode).toBe(403);

    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(`${s.base}/money/overview`)).statusCode).toBe(404);
    const put = await other.client.put(`/api/accounts/${other.accountId}/money/entries/${entry.id}`, {
      kind: 'expense',
      category: 'rent',
      amountPaisa: 1,
      day: s.today,
    });
    expect(put.statusCode).toBe(404);
    const theirs = (
      await other.client.get(
        `/api/accounts/${other.accountId}/money/transactions?from=${s.today}&to=${s.today}`,
      )
    ).json();
    expect(theirs.total).toBe(0);
  });
});
