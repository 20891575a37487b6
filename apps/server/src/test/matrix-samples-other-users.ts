import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of other users (staff, guards, visitors): the list, its changes and the
// entry/exit log belong to the account's owner and admins, as the gate's devices do
// (other-users.policy.ts); assistants are refused. Each call that names a person gets one made
// for it, so an allowed change goes all the way.

let codes = 0;

async function freshPerson(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('other_users')
    .values({
      id,
      account_id: w.accounts[side],
      name: 'Matrix guard',
      phone: '',
      role: 'guard',
      valid_from: null,
      valid_to: null,
      code: 20_000_000 + (codes++ % 70_000_000),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });
const person = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { ...account(w, side), otherUserId: await freshPerson(w, d, side) },
});
const body = { name: 'Gate guard', phone: '', role: 'guard', validFrom: '', validTo: '' };

export const OTHER_USER_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/other-users': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'POST /api/accounts/:accountId/other-users': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side), body }),
  },
  'PUT /api/accounts/:accountId/other-users/:otherUserId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ ...(await person(w, d, side)), body }),
  },
  'DELETE /api/accounts/:accountId/other-users/:otherUserId': {
    institution: true,
    allowed: managers,
    call: person,
  },
  'GET /api/accounts/:accountId/other-users-log': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
};
