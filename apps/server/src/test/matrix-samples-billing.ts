import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';

// Matrix samples of paying the platform: only an account's owner sees its billing, buys and
// reads receipts (not its admin, not assistants or families); the gateways' reports are public
// (checked against the gateway instead); grants, discounts and settings are platform staff's.

const owner = ['teacherA'] as const;
const account = (w: { accounts: { A: string; B: string } }, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side] },
});

export const BILLING_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/billing': {
    institution: true,
    allowed: owner,
    call: (w, _d, side) => account(w, side),
  },
  'POST /api/accounts/:accountId/billing/purchases': {
    institution: true,
    allowed: owner,
    call: (w, _d, side) => ({
      ...account(w, side),
      body: { kind: 'sms', count: 1000, gateway: 'sslcommerz' },
    }),
  },
  'GET /api/accounts/:accountId/billing/purchases/:tranId': {
    institution: true,
    allowed: owner,
    call: async (w, d, side) => {
      const now = d.clock.now();
      const tranId = `BWPMATRIX${newId(now)}`;
      await d.db.kysely
        .insertInto('platform_purchases')
        .values({
          id: newId(now),
          account_id: w.accounts[side],
          user_id: null,
          kind: 'sms',
          plan_id: null,
          months: null,
          sms_count: 1000,
          gateway: 'sslcommerz',
          mode: 'sandbox',
          tran_id: tranId,
          gateway_payment_id: null,
          gateway_trx_id: null,
          amount: 43_000,
          discount: 0,
          currency: 'BDT',
          status: 'created',
          note: '',
          execute_claimed_at: null,
          plan_ends_at: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
        })
        .execute();
      return { params: { accountId: w.accounts[side], tranId } };
    },
  },
  'POST /api/public/platform-pay/sslcommerz/ipn': { allowed: 'everyone', call: () => ({ body: {} }) },
  'POST /api/public/platform-pay/sslcommerz/:outcome': {
    allowed: 'everyone',
    call: () => ({ params: { outcome: 'success' }, body: {} }),
  },
  'GET /api/public/platform-pay/bkash/callback': {
    allowed: 'everyone',
    call: () => ({ query: 'status=cancel' }),
  },
  'GET /api/staff/billing/settings': { allowed: ['staff'] },
  'PUT /api/staff/billing/settings': {
    allowed: ['staff'],
    call: () => ({
      body: {
        graceDays: 7,
        reminderDays: 7,
        minimumBilledStudents: 10,
        periods: [1, 3, 6, 12],
        smsPacks: [1000, 5000, 10000],
        smsPricePaisa: 43,
      },
    }),
  },
  'GET /api/staff/billing/accounts/:accountId': {
    allowed: ['staff'],
    call: (w) => account(w, 'A'),
  },
  'POST /api/staff/billing/accounts/:accountId/adjustments': {
    allowed: ['staff'],
    call: (w) => ({ ...account(w, 'A'), body: { kind: 'extend', days: 1, reason: 'Matrix check' } }),
  },
};
