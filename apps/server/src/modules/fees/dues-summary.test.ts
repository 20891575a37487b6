import { monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';
import { DuesSummary } from './dues-summary';
import { DuesSummaryRepository } from './dues-summary.repository';
import { FeesRepository } from './fees.repository';
import { accountDues } from './fees-dues';

// The dues list's summary (migration 0020) against the computation it caches:
// after every kind of write to what dues are computed from, every view of the list (classroom,
// search, only who owes, pages across ties, the sum) equals accountDues over the same rows.

const NOVEMBER = Date.UTC(2026, 10, 30, 12);
const SEPTEMBER = Date.UTC(2026, 8, 10);

/** The list as the service computed it before the summary: every student, then filtered. */
async function computed(ctx: TestAppContext, accountId: string, params: Record<string, string>) {
  const month = monthOf(ctx.deps.clock.now());
  const all = await accountDues(new FeesRepository(ctx.deps.db.kysely), accountId, month, params.classroomId);
  const q = params.q?.toLowerCase();
  const listed = all.filter(
    (row) =>
      (params.onlyDue === 'false' || row.totals.duePaisa > 0) &&
      (!q || [row.name, row.phone, row.customId ?? ''].some((t) => t.toLowerCase().includes(q))),
  );
  const page = Number(params.page ?? 1);
  const size = Number(params.pageSize ?? 20);
  return {
    throughMonth: month,
    items: listed.slice((page - 1) * size, page * size),
    total: listed.length,
    sumDuePaisa: listed.reduce((sum, row) => sum + row.totals.duePaisa, 0),
    page,
    pageSize: size,
  };
}

async function school(ctx: TestAppContext) {
  ctx.deps.clock.set(NOVEMBER);
  const t = await signUp(ctx.app, ctx.deps);
  const base = `/api/accounts/${t.accountId}`;
  const physics = await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 150_000 });
  const math = await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 200_000 });
  // Names whose localeCompare order is not their byte order, several owing the same since the
  // same month, so pages of two cut through ties.
  const names = ['arif Hossain', 'Babul Mia', 'Arif hossain', 'আরিফ রহমান', 'Sadia Afrin', 'nusrat Jahan'];
  const students = [];
  for (const [i, name] of names.entries()) {
    const enrolments = [{ classroomId: physics, tuitionFeePaisa: null as number | null }];
    if (i % 2 === 1) enrolments.push({ classroomId: math, tuitionFeePaisa: i === 5 ? 180_000 : null });
    students.push(await addStudent(t.client, t.accountId, { name, enrolments }));
  }
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
    .where(
      'student_id',
      'in',
      students.map((s) => s.id),
    )
    .execute();
  const views: Record<string, string>[] = [
    {},
    { onlyDue: 'false' },
    { classroomId: physics },
    { classroomId: math, onlyDue: 'false' },
    { q: 'arif' },
    { q: 'ARIF H', onlyDue: 'false' },
    { q: 'আরিফ' },
    { q: students[2]!.phone.slice(-6) },
    { q: '50%_' },
    ...[1, 2, 3, 4].map((page) => ({ pageSize: '2', page: String(page), onlyDue: 'false' })),
    ...[1, 2].map((page) => ({ pageSize: '3', page: String(page), classroomId: physics })),
  ];
  // The summary read through its index only, as on PostgreSQL (no list kept in memory).
  const inSql = new DuesSummary({ ...ctx.deps.db, changes: undefined });
  /** Every view of the list equals the computation, through the API and through the index. */
  const expectSame = async () => {
    for (const view of views) {
      const res = await t.client.get(`${base}/dues?${new URLSearchParams(view)}`);
      expect(res.statusCode).toBe(200);
      const expected = await computed(ctx, t.accountId, view);
      expect({ view, list: res.json() }).toEqual({ view, list: expected });
      const filter = {
        accountId: t.accountId,
        classroomId: view.classroomId,
        onlyDue: view.onlyDue !== 'false',
        q: view.q?.toLowerCase(),
      };
      const paging = { number: expected.page, size: expected.pageSize };
      const { items, total, sumDuePaisa } = expected;
      expect({ view, sql: await inSql.page(filter, expected.throughMonth, paging) }).toEqual({
        view,
        sql: { items, total, sumDuePaisa },
      });
    }
  };
  const collect = async (student: string, classroomId: string, month: string, amountPaisa: number) => {
    const res = await t.client.post(`${base}/students/${student}/payments`, {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month, amountPaisa }],
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  return { t, base, physics, math, students, expectSame, collect };
}

describe.each(DIALECTS)('the dues list summary [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('equals the computed dues list after every kind of write', async () => {
    const s = await school(ctx);
    const [a, b, c, d, e] = s.students.map((x) => x.id) as [string, string, string, string, string];
    const db = ctx.deps.db.kysely;
    await s.expectSame();

    // Payments, a void and a refund.
    const paid = await s.collect(a, s.physics, '2026-09', 150_000);
    await s.collect(b, s.math, '2026-10', 50_000);
    await s.expectSame();
    expect(
      (await s.t.client.post(`${s.base}/payments/${paid}/void`, { reason: 'Wrong student' })).statusCode,
    ).toBe(200);
    await s.expectSame();
    const again = await s.collect(c, s.physics, '2026-11', 150_000);
    const refund = await s.t.client.post(`${s.base}/payments/${again}/refund`, {
      amountPaisa: 40_000,
      reason: 'Left early',
    });
    expect(refund.statusCode).toBe(201);
    await s.expectSame();

    // A waiver added and withdrawn, a discount.
    const adjust = (student: string, body: object) =>
      s.t.client.post(`${s.base}/students/${student}/fee-adjustments`, body);
    const waiver = await adjust(d, {
      classroomId: s.physics,
      month: '2026-10',
      kind: 'waiver',
      reason: 'Ill',
    });
    expect(waiver.statusCode).toBe(201);
    await adjust(e, {
      classroomId: s.physics,
      month: '2026-09',
      kind: 'discount',
      amountPaisa: 1,
      reason: 'x',
    });
    await s.expectSame();
    await s.t.client.delete(`${s.base}/students/${d}/fee-adjustments/${waiver.json().id}`);
    await s.expectSame();

    // Special payments of a classroom and of one student, one withdrawn.
    const charge = (body: object) =>
      s.t.client.post(`${s.base}/fee-charges`, { label: 'Exam fee', amountPaisa: 50_000, ...body });
    const exam = await charge({ classroomId: s.math, studentId: null, dueMonth: '2026-10' });
    expect(exam.statusCode).toBe(201);
    await charge({ classroomId: null, studentId: a, dueMonth: '2026-11' });
    await s.expectSame();
    await s.t.client.delete(`${s.base}/fee-charges/${exam.json().id}`);
    await s.expectSame();

    // Enrolments added, removed and accepted, written straight to the database: the triggers see
    // every writer, not only the fees module.
    await db
      .insertInto('enrolments')
      .values({
        id: `e-${a}`,
        student_id: a,
        classroom_id: s.math,
        applied_at: SEPTEMBER,
        accepted_at: null,
        tuition_fee: null,
        type: 'Physical',
        video_permission: 'Not allowed',
      })
      .execute();
    await s.expectSame();
    await db.updateTable('enrolments').set({ accepted_at: SEPTEMBER }).where('id', '=', `e-${a}`).execute();
    await s.expectSame();
    await db
      .deleteFrom('enrolments')
      .where('student_id', '=', b)
      .where('classroom_id', '=', s.math)
      .execute();
    await s.expectSame();

    // The classroom's fee and collection month, a student's fee override.
    await db.updateTable('classrooms').set({ tuition_fee: 120_000 }).where('id', '=', s.physics).execute();
    await s.expectSame();
    await db
      .updateTable('classrooms')
      .set({ collection_month: '2026-10' })
      .where('id', '=', s.math)
      .execute();
    await s.expectSame();
    await db
      .updateTable('enrolments')
      .set({ tuition_fee: 90_000 })
      .where('student_id', '=', c)
      .where('classroom_id', '=', s.physics)
      .execute();
    await s.expectSame();

    // What the list shows and searches of a student; a student archived.
    await db
      .updateTable('students')
      .set({ name: 'Zahid Hasan', phone: '+8801711000999' })
      .where('id', '=', d)
      .execute();
    await s.expectSame();
    const archived = await s.t.client.post(`${s.base}/students/archive`, { studentIds: [e] });
    expect(archived.statusCode).toBe(200);
    await s.expectSame();

    // A student deleted with their enrolments, payments and adjustments (cascades fire triggers).
    await db.deleteFrom('students').where('id', '=', b).execute();
    await s.expectSame();
    // A classroom deleted: its enrolments go, its payments' allocations lose it.
    await db.deleteFrom('classrooms').where('id', '=', s.math).execute();
    await s.expectSame();

    // A new month owes one more month for everyone, with no write at all.
    ctx.deps.clock.set(Date.UTC(2026, 10, 30, 19));
    await s.expectSame();
    const december = (await s.t.client.get(`${s.base}/dues`)).json();
    expect(december.throughMonth).toBe('2026-12');
    ctx.deps.clock.release();
  });

  it("gives a family each child's total as the list computes it, fresh, stale or never enrolled", async () => {
    const s = await school(ctx);
    const [a, b, c] = s.students.map((x) => x.id) as [string, string, string];
    await s.expectSame();
    // Two brothers' rows go stale with a payment each; the third child's stays fresh.
    await s.collect(a, s.physics, '2026-09', 150_000);
    await s.collect(b, s.math, '2026-10', 100_000);
    const stale = await new DuesSummaryRepository(ctx.deps.db.kysely).stale(
      s.t.accountId,
      '2026-11',
      '',
      100,
    );
    expect(stale.map((r) => r.student_id).sort()).toEqual([a, b].sort());

    const asks = [a, b, c, 'no-such-student'].map((studentId) => ({ accountId: s.t.accountId, studentId }));
    const totals = await new DuesSummary(ctx.deps.db).studentTotals(asks, '2026-11');
    const list = await accountDues(new FeesRepository(ctx.deps.db.kysely), s.t.accountId, '2026-11');
    for (const id of [a, b, c]) {
      const row = list.find((r) => r.studentId === id)!;
      expect(totals.get(id)?.totals).toEqual(row.totals);
    }
    expect(totals.get(a)?.classroomIds).toEqual([s.physics]);
    expect(totals.get(b)?.classroomIds.sort()).toEqual([s.physics, s.math].sort());
    expect(totals.get('no-such-student')).toBeNull();
    ctx.deps.clock.release();
  });

  it('keeps a row stale when its sources change while it is recomputed', async () => {
    const s = await school(ctx);
    const [a] = s.students.map((x) => x.id) as [string];
    await s.expectSame();
    const repo = new DuesSummaryRepository(ctx.deps.db.kysely);
    const fresh = await repo.stale(s.t.accountId, '2026-11', '', 100);
    expect(fresh).toEqual([]);

    // A payment lands; a recomputation that read the version before it writes after it.
    const before = await ctx.deps.db.kysely
      .selectFrom('dues_summaries')
      .select(['version', 'due'])
      .where('student_id', '=', a)
      .executeTakeFirstOrThrow();
    await s.collect(a, s.physics, '2026-09', 150_000);
    const totals = { chargedPaisa: 0, reducedPaisa: 0, paidPaisa: 0, creditPaisa: 0, oldestDueMonth: null };
    await repo.write(s.t.accountId, '2026-11', [
      {
        studentId: a,
        listed: true,
        name: 'Stale',
        phone: '',
        customId: null,
        searchText: '',
        classroomIds: '',
        totals: { ...totals, duePaisa: Number(before.due) },
        version: Number(before.version),
      },
    ]);
    const after = await ctx.deps.db.kysely
      .selectFrom('dues_summaries')
      .select(['fresh_for', 'name', 'version'])
      .where('student_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ fresh_for: null, name: 'arif Hossain' });
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    await s.expectSame();
    ctx.deps.clock.release();
  });
});
