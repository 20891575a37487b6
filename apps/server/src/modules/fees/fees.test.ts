import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';

// Dues and counter collection through the real app on both databases (dues and counter collection):
// dues over months with fee overrides, waivers, discounts, partial and special payments; receipt
// numbers under concurrent collection; voids and refunds that keep the original.

const SEPTEMBER = Date.UTC(2026, 8, 10);

async function school(ctx: TestAppContext) {
  const t = await signUp(ctx.app, ctx.deps);
  const physics = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    tuitionFeePaisa: 150_000,
  });
  const math = await createClassroom(t.client, t.accountId, { name: 'Math A', tuitionFeePaisa: 200_000 });
  const student = await addStudent(t.client, t.accountId, {
    name: 'Rafi Islam',
    enrolments: [
      { classroomId: physics, tuitionFeePaisa: null },
      { classroomId: math, tuitionFeePaisa: 180_000 },
    ],
  });
  // Enrolled since September, so there are months to owe whatever day the test runs.
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
    .where('student_id', '=', student.id)
    .execute();
  const base = `/api/accounts/${t.accountId}`;
  const dues = async (through = '2026-11') =>
    (await t.client.get(`${base}/students/${student.id}/dues?through=${through}`)).json();
  const collect = (allocations: object[], extra: object = {}) =>
    t.client.post(`${base}/students/${student.id}/payments`, { method: 'cash', allocations, ...extra });
  const month = (classroomId: string, m: string, amountPaisa: number) => ({
    kind: 'month',
    classroomId,
    month: m,
    amountPaisa,
  });
  return { t, physics, math, student, base, dues, collect, month };
}

describe.each(DIALECTS)('fees and counter collection [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('computes dues over months with the fee override, waivers, discounts, partial and special payments', async () => {
    const s = await school(ctx);
    const first = await s.dues();
    expect(first.totals).toMatchObject({ duePaisa: 3 * 150_000 + 3 * 180_000, oldestDueMonth: '2026-09' });

    const adjust = (body: object) =>
      s.t.client.post(`${s.base}/students/${s.student.id}/fee-adjustments`, body);
    expect(
      (await adjust({ classroomId: s.physics, month: '2026-09', kind: 'waiver', reason: 'Scholarship' }))
        .statusCode,
    ).toBe(201);
    const discount = await adjust({
      classroomId: s.math,
      month: '2026-10',
      kind: 'discount',
      amountPaisa: 30_000,
      reason: 'Sibling',
    });
    expect(discount.statusCode).toBe(201);
    expect(
      (await adjust({ classroomId: s.math, month: '2026-10', kind: 'waiver', reason: '' })).json(),
    ).toMatchObject({
      error: { code: 'FEE_REASON_REQUIRED', message: 'Please write the reason.' },
    });
    const exam = await s.t.client.post(`${s.base}/fee-charges`, {
      classroomId: s.physics,
      label: 'Exam fee',
      amountPaisa: 50_000,
      dueMonth: '2026-11',
    });
    expect(exam.statusCode).toBe(201);

    const paid = await s.collect([
      s.month(s.physics, '2026-10', 100_000),
      { kind: 'charge', chargeId: exam.json().id, amountPaisa: 20_000 },
    ]);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      receiptNo: 1,
      amountPaisa: 120_000,
      studentName: 'Rafi Islam',
      voided: null,
    });

    const { lines, totals } = await s.dues();
    expect(
      lines.map((l: Record<string, unknown>) => [l.classroomName ?? l.label, l.month, l.duePaisa, l.status]),
    ).toEqual([
      ['Math A', '2026-09', 180_000, 'due'],
      ['Physics A', '2026-09', 0, 'waived'],
      ['Math A', '2026-10', 150_000, 'due'],
      ['Physics A', '2026-10', 50_000, 'partial'],
      ['Math A', '2026-11', 180_000, 'due'],
      ['Physics A', '2026-11', 150_000, 'due'],
      ['Physics A', '2026-11', 30_000, 'partial'],
    ]);
    expect(lines.at(-1)).toMatchObject({ kind: 'charge', label: 'Exam fee' });
    expect(totals).toMatchObject({ paidPaisa: 120_000, reducedPaisa: 180_000, duePaisa: 740_000 });

    // Withdrawing the waiver brings September back.
    const waiver = (await s.t.client.get(`${s.base}/students/${s.student.id}/fee-adjustments`)).json()
      .adjustments[0];
    expect(waiver).toMatchObject({ kind: 'waiver', reason: 'Scholarship' });
    expect(
      (await s.t.client.delete(`${s.base}/students/${s.student.id}/fee-adjustments/${waiver.id}`)).statusCode,
    ).toBe(200);
    expect((await s.dues()).totals.duePaisa).toBe(740_000 + 150_000);
  });

  it('refuses more than a line owes, classrooms the student is not in, far months and future times', async () => {
    const s = await school(ctx);
    const over = await s.collect([s.month(s.physics, '2026-09', 150_001)]);
    expect([over.statusCode, over.json().error.code]).toEqual([400, 'PAYMENT_MORE_THAN_DUE']);
    expect(over.json().error.message).toBe(
      'Physics A 2026-09 owes ৳1,500; the payment cannot be more than that.',
    );

    const other = await createClassroom(s.t.client, s.t.accountId, { name: 'Chemistry A' });
    const notIn = await s.collect([s.month(other, '2026-10', 1_000)]);
    expect(notIn.json().error).toMatchObject({
      code: 'PAYMENT_NOT_ENROLLED',
      message: 'Rafi Islam is not in the classroom Chemistry A.',
    });

    const far = await s.collect([s.month(s.physics, '2099-01', 1_000)]);
    expect(far.json().error.code).toBe('PAYMENT_MONTH_TOO_FAR');
    const later = await s.collect([s.month(s.physics, '2026-09', 1_000)], {
      receivedAt: Date.now() + 3_600_000,
    });
    expect(later.json().error.code).toBe('PAYMENT_IN_FUTURE');

    const stranger = await signUp(ctx.app, ctx.deps);
    const foreign = await stranger.client.post(`${s.base}/students/${s.student.id}/payments`, {
      method: 'cash',
      allocations: [s.month(s.physics, '2026-09', 1_000)],
    });
    expect(foreign.statusCode).toBe(404);
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { manageStudents: true }),
    );
    expect((await assistant.get(`${s.base}/students/${s.student.id}/dues`)).statusCode).toBe(403);

    // Nothing of it was recorded, and no receipt number was spent.
    expect((await s.t.client.get(`${s.base}/students/${s.student.id}/payments`)).json().payments).toEqual([]);
    expect((await s.collect([s.month(s.physics, '2026-09', 150_000)])).json().receiptNo).toBe(1);
  });

  it('gives receipt numbers without duplicates or gaps when payments are taken at the same moment', async () => {
    const s = await school(ctx);
    const months = ['2026-09', '2026-10', '2026-11', '2026-12'];
    const attempts = [
      ...months.map((m) => s.collect([s.month(s.physics, m, 150_000)])),
      ...months.map((m) => s.collect([s.month(s.math, m, 90_000)])),
      // Each of these asks for more than its month owes and must leave no trace.
      ...months.map((m) => s.collect([s.month(s.math, m, 500_000)])),
    ];
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(8).fill(201), ...Array(4).fill(400)]);
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().receiptNo as number);
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await s.dues('2026-12')).totals.paidPaisa).toBe(4 * 150_000 + 4 * 90_000);
  });

  it('records a counter payment once when its form is sent again, also at the same moment', async () => {
    const s = await school(ctx);
    const part = [s.month(s.physics, '2026-09', 50_000)];
    const first = await s.collect(part, { requestKey: 'form-key-retry-1' });
    expect(first.statusCode).toBe(201);
    // The answer was lost on the way; the form sends the same payment again.
    const retry = await s.collect(part, { requestKey: 'form-key-retry-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    // Two taps at once with one key, and a new payment with its own key.
    const [a, b] = await Promise.all([
      s.collect(part, { requestKey: 'form-key-tap-2' }),
      s.collect(part, { requestKey: 'form-key-tap-2' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect((await s.dues('2026-09')).totals.paidPaisa).toBe(100_000);
    const payments = await ctx.deps.db.kysely
      .selectFrom('payments')
      .select('receipt_no')
      .where('student_id', '=', s.student.id)
      .orderBy('receipt_no')
      .execute();
    expect(payments.map((p) => p.receipt_no)).toEqual([1, 2]);

    // The key belongs to that student's payment: another student's form may not reuse it.
    const other = await addStudent(s.t.client, s.t.accountId, {
      name: 'Nila Akter',
      enrolments: [{ classroomId: s.physics, tuitionFeePaisa: null }],
    });
    const reused = await s.t.client.post(`${s.base}/students/${other.id}/payments`, {
      method: 'cash',
      requestKey: 'form-key-retry-1',
      allocations: [s.month(s.physics, '2026-11', 10_000)],
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('PAYMENT_REQUEST_KEY_USED');
  });

  it('gives each receipt a public link that shows that receipt only, voided or not', async () => {
    const s = await school(ctx);
    const payment = (await s.collect([s.month(s.physics, '2026-09', 150_000)])).json();
    expect(payment.receiptLink).toMatch(/^\/student-payment-receipt\?key=[\w-]{32}$/);
    const key = new URL(payment.receiptLink, 'http://x').searchParams.get('key');
    const anonymous = new TestClient(ctx.app);
    const receipt = await anonymous.get(`/api/public/receipts/${key}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toEqual({
      institution: expect.any(String),
      logoUrl: null,
      receiptNo: 1,
      studentName: 'Rafi Islam',
      customId: s.student.customId,
      method: 'cash',
      reference: '',
      amountPaisa: 150_000,
      receivedAt: expect.any(Number),
      takenBy: expect.any(String),
      refund: false,
      allocations: [{ classroomName: 'Physics A', month: '2026-09', label: '', amountPaisa: 150_000 }],
      voided: false,
    });
    await s.t.client.post(`${s.base}/payments/${payment.id}/void`, { reason: 'Entered twice' });
    expect((await anonymous.get(`/api/public/receipts/${key}`)).json().voided).toBe(true);
    expect((await anonymous.get('/api/public/receipts/not-a-key')).statusCode).toBe(404);
  });

  it('voids and refunds keep the original, with who and why', async () => {
    const s = await school(ctx);
    const payment = (
      await s.collect([s.month(s.physics, '2026-09', 150_000), s.month(s.math, '2026-09', 180_000)])
    ).json();

    const refund = await s.t.client.post(`${s.base}/payments/${payment.id}/refund`, {
      amountPaisa: 200_000,
      reason: 'Left Math',
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({
      receiptNo: 2,
      amountPaisa: -200_000,
      refundOf: payment.id,
      note: 'Left Math',
    });
    // Taken off its last items first: all of Math, then part of Physics.
    expect(
      refund
        .json()
        .allocations.map((a: { classroomName: string; amountPaisa: number }) => [
          a.classroomName,
          a.amountPaisa,
        ]),
    ).toEqual([
      ['Math A', -180_000],
      ['Physics A', -20_000],
    ]);
    expect((await s.dues()).totals.paidPaisa).toBe(130_000);
    const tooMuch = await s.t.client.post(`${s.base}/payments/${payment.id}/refund`, {
      amountPaisa: 130_001,
      reason: 'x',
    });
    expect(tooMuch.json().error).toMatchObject({
      code: 'PAYMENT_REFUND_TOO_MUCH',
      message: 'At most ৳1,300 of this payment can be refunded.',
    });

    const voided = await s.t.client.post(`${s.base}/payments/${payment.id}/void`, {
      reason: 'Entered twice',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({
      receiptNo: 1,
      amountPaisa: 330_000,
      voided: { reason: 'Entered twice' },
    });
    expect(voided.json().voided.by).toBeTruthy();
    expect((await s.dues()).totals.paidPaisa).toBe(0);
    const again = await s.t.client.post(`${s.base}/payments/${payment.id}/void`, { reason: 'Again' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_VOIDED']);

    const history = (await s.t.client.get(`${s.base}/students/${s.student.id}/payments`)).json().payments;
    expect(
      history.map((p: { receiptNo: number; voided: unknown }) => [p.receiptNo, p.voided !== null]),
    ).toEqual([
      [2, true],
      [1, true],
    ]);
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('account_id', '=', s.t.accountId)
      .where('event_name', 'in', ['Collect Payment', 'Refund Payment', 'Void Payment'])
      .execute();
    expect(log.map((l) => l.event_name).sort()).toEqual([
      'Collect Payment',
      'Refund Payment',
      'Void Payment',
    ]);
  });

  it('lists who owes what, defaulters first, by classroom and search, with the sum owed', async () => {
    const s = await school(ctx);
    const sadia = await addStudent(s.t.client, s.t.accountId, {
      name: 'Sadia Afrin',
      enrolments: [{ classroomId: s.physics, tuitionFeePaisa: null }],
    });
    const paid = await addStudent(s.t.client, s.t.accountId, {
      name: 'Nabil Karim',
      enrolments: [{ classroomId: s.physics, tuitionFeePaisa: null }],
    });
    await ctx.deps.db.kysely
      .updateTable('enrolments')
      .set({ accepted_at: SEPTEMBER, applied_at: SEPTEMBER })
      .where('student_id', 'in', [sadia.id, paid.id])
      .execute();
    const months = ['2026-09', '2026-10', '2026-11'].map((m) => s.month(s.physics, m, 150_000));
    const settle = await s.t.client.post(`${s.base}/students/${paid.id}/payments`, {
      method: 'bkash',
      allocations: months,
    });
    expect(settle.statusCode).toBe(201);

    const list = (await s.t.client.get(`${s.base}/dues?through=2026-11`)).json();
    expect(
      list.items.map((r: { name: string; totals: { duePaisa: number } }) => [r.name, r.totals.duePaisa]),
    ).toEqual([
      ['Rafi Islam', 3 * 150_000 + 3 * 180_000],
      ['Sadia Afrin', 3 * 150_000],
    ]);
    expect(list).toMatchObject({
      total: 2,
      sumDuePaisa: 3 * 150_000 + 3 * 180_000 + 3 * 150_000,
      throughMonth: '2026-11',
    });

    const everyone = (
      await s.t.client.get(`${s.base}/dues?through=2026-11&onlyDue=false&classroomId=${s.physics}`)
    ).json();
    expect(everyone.items.map((r: { name: string }) => r.name)).toEqual([
      'Rafi Islam',
      'Sadia Afrin',
      'Nabil Karim',
    ]);
    const math = (await s.t.client.get(`${s.base}/dues?through=2026-11&classroomId=${s.math}`)).json();
    expect(math.items.map((r: { name: string }) => r.name)).toEqual(['Rafi Islam']);
    const searched = (await s.t.client.get(`${s.base}/dues?through=2026-11&q=afrin`)).json();
    expect(searched.items.map((r: { name: string }) => r.name)).toEqual(['Sadia Afrin']);
    const second = (await s.t.client.get(`${s.base}/dues?through=2026-11&pageSize=1&page=2`)).json();
    expect(second).toMatchObject({ total: 2, page: 2, items: [{ name: 'Sadia Afrin' }] });
  });
});
