import { monthOf } from '@batchwise/domain';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { freshStudent, managers, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of fees and counter collection. Dues, payments and collecting are open
// to the world's account-wide assistant, whose grant includes collecting (world.ts); the viewer
// has no collect grant. Voids, refunds, adjustments and special payments: owner and admins only.
// Each call that writes gets its own student (and payment or charge), so an allowed call really
// writes; the void and refund calls name a payment taken for that call.

const THIS_MONTH = monthOf(Date.now());

const student = async (w: World, d: Deps, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
  studentId: await freshStudent(w, d, side),
});

/** A standing payment of 500 ৳ for this month of the side's world classroom. */
async function freshPayment(w: World, deps: Deps, side: 'A' | 'B') {
  const { accountId, studentId } = await student(w, deps, side);
  const now = deps.clock.now();
  const id = newId(now);
  const counter = await deps.db.kysely
    .selectFrom('payments')
    .select((eb) => eb.fn.max('receipt_no').as('max'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  await deps.db.kysely
    .insertInto('payments')
    .values({
      id,
      account_id: accountId,
      student_id: studentId,
      // Far above what the service's counter gives, so the two never meet.
      receipt_no: 1_000_000 + Number(counter?.max ?? 0) + 1,
      receipt_key: newId(now),
      method: 'cash',
      reference: '',
      amount: 50_000,
      note: '',
      received_at: now,
      created_at: now,
      created_by_user_id: null,
      refund_of: null,
      voided_at: null,
      voided_by_user_id: null,
      void_reason: null,
    })
    .execute();
  await deps.db.kysely
    .insertInto('payment_allocations')
    .values({
      id: newId(now),
      payment_id: id,
      account_id: accountId,
      student_id: studentId,
      classroom_id: w.classrooms[side],
      month: THIS_MONTH,
      charge_id: null,
      amount: 50_000,
    })
    .execute();
  return { accountId, paymentId: id };
}

/** A waiver in force on this month of a fresh student of the side. */
async function freshAdjustment(w: World, deps: Deps, side: 'A' | 'B') {
  const params = await student(w, deps, side);
  const now = deps.clock.now();
  const adjustmentId = newId(now);
  await deps.db.kysely
    .insertInto('fee_adjustments')
    .values({
      id: adjustmentId,
      account_id: params.accountId,
      student_id: params.studentId,
      classroom_id: w.classrooms[side],
      month: THIS_MONTH,
      kind: 'waiver',
      amount: 0,
      reason: 'Scholarship',
      created_at: now,
      created_by_user_id: null,
      removed_at: null,
      removed_by_user_id: null,
    })
    .execute();
  return { ...params, adjustmentId };
}

/** An exam fee in force for the side's world classroom. */
async function freshCharge(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const chargeId = newId(now);
  await deps.db.kysely
    .insertInto('fee_charges')
    .values({
      id: chargeId,
      account_id: w.accounts[side],
      classroom_id: w.classrooms[side],
      student_id: null,
      label: 'Exam fee',
      amount: 50_000,
      due_month: THIS_MONTH,
      created_at: now,
      created_by_user_id: null,
      removed_at: null,
    })
    .execute();
  return { accountId: w.accounts[side], chargeId };
}

const call =
  (build: (w: World, d: Deps, side: 'A' | 'B') => Promise<Record<string, string>>, body?: unknown) =>
  async (w: World, d: Deps, side: 'A' | 'B') => ({ params: await build(w, d, side), body });

export const FEES_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/students/:studentId/dues': {
    institution: true,
    allowed: staffOfA,
    call: call(student),
  },
  // A key that exists nowhere: everyone gets past the access check to 404.
  'GET /api/public/receipts/:key': { allowed: 'everyone', call: () => ({ params: { key: newId() } }) },
  'GET /api/accounts/:accountId/dues': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'GET /api/accounts/:accountId/students/:studentId/payments': {
    institution: true,
    allowed: staffOfA,
    call: call(student),
  },
  'POST /api/accounts/:accountId/students/:studentId/payments': {
    institution: true,
    allowed: staffOfA,
    call: async (w, d, side) => ({
      params: await student(w, d, side),
      body: {
        method: 'cash',
        allocations: [
          { kind: 'month', classroomId: w.classrooms[side], month: THIS_MONTH, amountPaisa: 10_000 },
        ],
      },
    }),
  },
  // Whoever may take the payment may text its receipt (the account's quota pays, as for links).
  'POST /api/accounts/:accountId/payments/:paymentId/receipt-sms': {
    institution: true,
    allowed: staffOfA,
    call: call(freshPayment),
  },
  'POST /api/accounts/:accountId/payments/:paymentId/void': {
    institution: true,
    allowed: managers,
    call: call(freshPayment, { reason: 'Entered twice' }),
  },
  'POST /api/accounts/:accountId/payments/:paymentId/refund': {
    institution: true,
    allowed: managers,
    call: call(freshPayment, { amountPaisa: 10_000, reason: 'Left the batch' }),
  },
  'GET /api/accounts/:accountId/students/:studentId/fee-adjustments': {
    institution: true,
    allowed: managers,
    call: call(student),
  },
  'POST /api/accounts/:accountId/students/:studentId/fee-adjustments': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: await student(w, d, side),
      body: { classroomId: w.classrooms[side], month: THIS_MONTH, kind: 'waiver', reason: 'Scholarship' },
    }),
  },
  'DELETE /api/accounts/:accountId/students/:studentId/fee-adjustments/:adjustmentId': {
    institution: true,
    allowed: managers,
    call: call(freshAdjustment),
  },
  'GET /api/accounts/:accountId/fee-charges': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/fee-charges': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: { accountId: w.accounts[side] },
      body: { classroomId: w.classrooms[side], label: 'Exam fee', amountPaisa: 50_000, dueMonth: THIS_MONTH },
    }),
  },
  'DELETE /api/accounts/:accountId/fee-charges/:chargeId': {
    institution: true,
    allowed: managers,
    call: call(freshCharge),
  },
};
