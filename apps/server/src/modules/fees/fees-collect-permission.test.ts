import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';

// Fees and payments: counter collection by "teacher, admin, assistant with a collect permission".
// The permission is the assistant's collectPayments grant (0021), account-wide or per classroom,
// apart from manageStudents and sendSms; voids, refunds, adjustments and special payments stay
// with the owner and admins (fees.policy.ts).

const SEPTEMBER = Date.UTC(2026, 8, 10);

async function school(ctx: TestAppContext) {
  const t = await signUp(ctx.app, ctx.deps);
  const physics = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    tuitionFeePaisa: 100_000,
  });
  const chemistry = await createClassroom(t.client, t.accountId, {
    name: 'Chemistry B',
    tuitionFeePaisa: 120_000,
  });
  const both = await addStudent(t.client, t.accountId, {
    name: 'Rafi',
    enrolments: [{ classroomId: physics }, { classroomId: chemistry }],
  });
  const chemOnly = await addStudent(t.client, t.accountId, {
    name: 'Nadia',
    enrolments: [{ classroomId: chemistry }],
  });
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
    .execute();
  const base = `/api/accounts/${t.accountId}`;
  const month = (classroomId: string, amountPaisa = 10_000) => ({
    kind: 'month',
    classroomId,
    month: '2026-09',
    amountPaisa,
  });
  return { t, physics, chemistry, both, chemOnly, base, month };
}

describe.each(DIALECTS)('collect permission of assistants [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('refuses an assistant who manages students and sends SMS but holds no collect grant', async () => {
    const s = await school(ctx);
    const userId = await assistantWithGrant(ctx.deps, s.t.accountId, {
      manageStudents: true,
      modifyCustomId: true,
      sendSms: true,
    });
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    for (const res of [
      await assistant.get(`${s.base}/dues`),
      await assistant.get(`${s.base}/students/${s.both.id}/dues`),
      await assistant.get(`${s.base}/students/${s.both.id}/payments`),
      await assistant.post(`${s.base}/students/${s.both.id}/payments`, {
        method: 'cash',
        allocations: [s.month(s.physics)],
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'FEES_COLLECT_PERMISSION_REQUIRED',
        message: 'You do not have permission to take payments here.',
      });
    }
    const [account] = (await assistant.get('/api/session')).json().accounts;
    expect(account).toMatchObject({ collectPayments: false, collectPaymentsClassrooms: [] });
    const payments = await ctx.deps.db.kysely.selectFrom('payments').select('id').execute();
    expect(payments).toHaveLength(0);
  });

  it("lets a classroom grant collect from that classroom's students only, and only its lines", async () => {
    const s = await school(ctx);
    const userId = await assistantWithGrant(ctx.deps, s.t.accountId, {
      classroomId: s.physics,
      collectPayments: true,
    });
    await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.chemistry, sendSms: true }, userId);
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    const [account] = (await assistant.get('/api/session')).json().accounts;
    expect(account).toMatchObject({ collectPayments: false, collectPaymentsClassrooms: [s.physics] });

    // The list of their classroom; not the whole account's, nor another classroom's.
    const list = await assistant.get(`${s.base}/dues?classroomId=${s.physics}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { name: string }) => r.name)).toEqual(['Rafi']);
    expect((await assistant.get(`${s.base}/dues`)).statusCode).toBe(403);
    expect((await assistant.get(`${s.base}/dues?classroomId=${s.chemistry}`)).statusCode).toBe(403);

    // A student of their classroom: dues, payments and a payment for their classroom's month.
    expect((await assistant.get(`${s.base}/students/${s.both.id}/dues`)).statusCode).toBe(200);
    const paid = await assistant.post(`${s.base}/students/${s.both.id}/payments`, {
      method: 'cash',
      allocations: [s.month(s.physics)],
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amountPaisa: 10_000, receiptNo: 1 });
    const history = await assistant.get(`${s.base}/students/${s.both.id}/payments`);
    expect(history.json().payments).toHaveLength(1);

    // The same student's other classroom is not theirs to collect for.
    const other = await assistant.post(`${s.base}/students/${s.both.id}/payments`, {
      method: 'cash',
      allocations: [s.month(s.physics), s.month(s.chemistry)],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({
      code: 'PAYMENT_CLASSROOM_NOT_ALLOWED',
      message: 'You may take payments only for your own classrooms; Chemistry B 2026-09 is not one of them.',
    });

    // A student of no classroom they collect for is not found.
    for (const res of [
      await assistant.get(`${s.base}/students/${s.chemOnly.id}/dues`),
      await assistant.get(`${s.base}/students/${s.chemOnly.id}/payments`),
      await assistant.post(`${s.base}/students/${s.chemOnly.id}/payments`, {
        method: 'cash',
        allocations: [s.month(s.chemistry)],
      }),
    ])
      expect(res.statusCode).toBe(404);
    const count = await ctx.deps.db.kysely.selectFrom('payments').select('id').execute();
    expect(count).toHaveLength(1);
  });

  it('lets an account-wide collector collect, but never void, refund, adjust or add items', async () => {
    const s = await school(ctx);
    const userId = await assistantWithGrant(ctx.deps, s.t.accountId, { collectPayments: true });
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    const list = await assistant.get(`${s.base}/dues`);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    const paid = await assistant.post(`${s.base}/students/${s.chemOnly.id}/payments`, {
      method: 'bkash',
      reference: '01712345678',
      allocations: [s.month(s.chemistry, 120_000)],
    });
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().id as string;

    const refused = [
      await assistant.post(`${s.base}/payments/${paymentId}/void`, { reason: 'Mistake' }),
      await assistant.post(`${s.base}/payments/${paymentId}/refund`, { amountPaisa: 1_000, reason: 'Left' }),
      await assistant.post(`${s.base}/students/${s.chemOnly.id}/fee-adjustments`, {
        classroomId: s.chemistry,
        month: '2026-10',
        kind: 'waiver',
        reason: 'Scholarship',
      }),
      await assistant.post(`${s.base}/fee-charges`, {
        classroomId: s.chemistry,
        label: 'Exam fee',
        amountPaisa: 50_000,
        dueMonth: '2026-10',
      }),
    ];
    for (const res of refused) expect(res.statusCode).toBe(403);
    const payment = await ctx.deps.db.kysely
      .selectFrom('payments')
      .select(['voided_at'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.voided_at).toBeNull();
    expect(await ctx.deps.db.kysely.selectFrom('fee_adjustments').select('id').execute()).toHaveLength(0);
    expect(await ctx.deps.db.kysely.selectFrom('fee_charges').select('id').execute()).toHaveLength(0);
  });

  it('carries the grant on invitations, the team and the classroom, where the teacher sets and takes it', async () => {
    const s = await school(ctx);
    const invited = await s.t.client.post(`${s.base}/assistants/invitations`, {
      phone: '01711000111',
      collectPayments: true,
    });
    expect(invited.statusCode).toBeLessThan(300);
    const team = (await s.t.client.get(`${s.base}/team`)).json();
    expect(team.invitations[0]).toMatchObject({ collectPayments: true, sendSms: false });

    const userId = await assistantWithGrant(ctx.deps, s.t.accountId, {});
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    expect((await assistant.get(`${s.base}/students/${s.both.id}/dues`)).statusCode).toBe(403);
    const grant = (collectPayments: boolean) =>
      s.t.client.put(`${s.base}/classrooms/${s.physics}/assistants/${userId}`, {
        manageStudents: false,
        modifyCustomId: false,
        collectPayments,
      });
    expect((await grant(true)).statusCode).toBeLessThan(300);
    const detail = (await s.t.client.get(`${s.base}/classrooms/${s.physics}`)).json();
    expect(
      detail.moderators.find(
        (m: { userId: string; grant: string }) => m.userId === userId && m.grant === 'classroom',
      ),
    ).toMatchObject({
      grant: 'classroom',
      collectPayments: true,
    });
    expect((await assistant.get(`${s.base}/students/${s.both.id}/dues`)).statusCode).toBe(200);
    expect((await grant(false)).statusCode).toBeLessThan(300);
    expect((await assistant.get(`${s.base}/students/${s.both.id}/dues`)).statusCode).toBe(403);
  });
});
