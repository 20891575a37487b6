import type { Deps } from '../deps';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of referrals, SMS masking names and quota sharing: an account's teacher and
// admins see its referrals, ask for its masking name and share its quota (assistants do not);
// only platform staff list and decide masking names. Sharing is called on the admin's own
// account with the admin's teacher, the one member each world side has.

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

export const REFERRAL_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/referrals': { institution: true, allowed: managers, call: account },
  'GET /api/accounts/:accountId/sms/sender': { institution: true, allowed: managers, call: account },
  'PUT /api/accounts/:accountId/sms/sender': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: { name: 'ABC School' } }),
  },
  'GET /api/staff/sms-senders': { allowed: ['staff'] },
  'PUT /api/staff/sms-senders/:accountId': {
    allowed: ['staff'],
    // Nothing asked for on this account: staff get 404, everyone else is refused first.
    missingObject: true,
    call: (w) => ({ params: { accountId: w.accounts.B }, body: { approve: true } }),
  },
  'GET /api/accounts/:accountId/sms/sharing': { institution: true, allowed: managers, call: account },
  'PUT /api/accounts/:accountId/sms/sharing/:memberAccountId': {
    institution: true,
    allowed: ['adminA'],
    call: (w, _d, side) => ({
      params: {
        accountId: side === 'A' ? w.accounts.adminA : w.accounts.adminB,
        memberAccountId: w.accounts[side],
      },
      body: { shared: false },
    }),
  },
};
