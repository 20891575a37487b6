import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { freshStudent, managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of online payment: pay links, merchant settings and attempts
// belong to the account's owner and admins; the parent portal, the result pages and the gateways'
// reports are public (their keys, transaction ids and the gateways' own checks protect them).

const student = async (w: World, d: Deps, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
  studentId: await freshStudent(w, d, side),
});

/**
 * An attempt of a fresh student of the side, held for review (turned down by the sample call) or
 * paid (refunded by it: the account has no gateway set up, so an allowed call gets to a 409).
 */
async function heldAttempt(
  w: World,
  deps: Deps,
  side: 'A' | 'B',
  status: 'needs_review' | 'paid' = 'needs_review',
) {
  const { accountId, studentId } = await student(w, deps, side);
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('online_payments')
    .values({
      id,
      account_id: accountId,
      student_id: studentId,
      gateway: 'sslcommerz',
      mode: 'sandbox',
      tran_id: `BWMATRIX${id}`,
      gateway_payment_id: null,
      gateway_trx_id: 'BANK1',
      gateway_fee: null,
      amount: 150_000,
      currency: 'BDT',
      items: '[]',
      status,
      reason: null,
      note: 'Flagged risky',
      payment_id: null,
      execute_claimed_at: null,
      expires_at: now + 300_000,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { accountId, onlinePaymentId: id };
}

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

export const ONLINE_PAY_SAMPLES: Record<string, Sample> = {
  'GET /p/:key': { allowed: 'everyone', call: () => ({ params: { key: 'not-a-pay-key' } }) },
  // What every account took online is the platform's to see, never an account's.
  'GET /api/staff/online-pay-balances': {
    allowed: ['staff'],
    call: () => ({ query: 'from=2026-11-01&to=2026-11-30' }),
  },
  'POST /api/accounts/:accountId/students/:studentId/pay-link': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await student(w, d, side) }),
  },
  'POST /api/accounts/:accountId/students/:studentId/pay-link/regenerate': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await student(w, d, side) }),
  },
  'DELETE /api/accounts/:accountId/students/:studentId/pay-link': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await student(w, d, side) }),
  },
  'GET /api/accounts/:accountId/merchant-settings': { institution: true, allowed: managers, call: account },
  'PUT /api/accounts/:accountId/merchant-settings': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: { sslcommerz: { mode: 'sandbox' } } }),
  },
  'GET /api/accounts/:accountId/online-payments': { institution: true, allowed: managers, call: account },
  'POST /api/accounts/:accountId/online-payments/:onlinePaymentId/review': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await heldAttempt(w, d, side), body: { decision: 'reject' } }),
  },
  'POST /api/accounts/:accountId/online-payments/:onlinePaymentId/refund': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: await heldAttempt(w, d, side, 'paid'),
      body: { amountPaisa: 10_000, reason: 'Left the batch' },
    }),
  },
  // Keys and transactions that exist nowhere: everyone gets past the access check to 404.
  'GET /api/public/pay': {
    allowed: 'everyone',
    call: () => ({ query: `key=${newId()}&suid=${newId()}` }),
  },
  'POST /api/public/pay/start': {
    allowed: 'everyone',
    call: () => ({
      body: {
        key: newId(),
        suid: newId(),
        gateway: 'sslcommerz',
        items: [{ kind: 'charge', chargeId: newId() }],
      },
    }),
  },
  'GET /api/public/pay/attempts/:tranId': {
    allowed: 'everyone',
    call: () => ({ params: { tranId: newId() } }),
  },
  'POST /api/public/pay/sslcommerz/ipn': {
    allowed: 'everyone',
    call: () => ({ body: { tran_id: newId() } }),
  },
  'POST /api/public/pay/sslcommerz/:outcome': {
    allowed: 'everyone',
    call: () => ({ params: { outcome: 'fail' }, body: { tran_id: newId() } }),
  },
  'GET /api/public/pay/bkash/callback': {
    allowed: 'everyone',
    call: () => ({ query: `paymentID=${newId()}&status=success` }),
  },
};
