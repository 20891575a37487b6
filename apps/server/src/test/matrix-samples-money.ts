import { dayOf, monthOf } from '@batchwise/domain';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the money manager: the account's owner and admins only,
// never its assistants. The edit and delete calls each name an entry made for that call.

const THIS_MONTH = monthOf(Date.now());

const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });
const today = (d: Deps) => dayOf(d.clock.now());
const range = (d: Deps) => `from=${today(d)}&to=${today(d)}`;
const entryBody = (d: Deps) => ({ kind: 'expense', category: 'rent', amountPaisa: 100_000, day: today(d) });

/** An expense entry in force in the side's account. */
async function freshEntry(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const entryId = newId(now);
  await deps.db.kysely
    .insertInto('money_entries')
    .values({
      id: entryId,
      account_id: w.accounts[side],
      kind: 'expense',
      category: 'rent',
      amount: 100_000,
      occurred_at: now,
      note: '',
      created_at: now,
      created_by_user_id: null,
      updated_at: null,
      updated_by_user_id: null,
      removed_at: null,
      removed_by_user_id: null,
    })
    .execute();
  return { accountId: w.accounts[side], entryId };
}

export const MONEY_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/money/report': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: range(d) }),
  },
  'GET /api/accounts/:accountId/money/series': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: range(d) }),
  },
  'GET /api/accounts/:accountId/money/transactions': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: range(d) }),
  },
  'GET /api/accounts/:accountId/money/overview': { institution: true, allowed: managers, call: account },
  'GET /api/accounts/:accountId/money/collection': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), query: `month=${THIS_MONTH}` }),
  },
  'GET /api/accounts/:accountId/money/categories': { institution: true, allowed: managers, call: account },
  'POST /api/accounts/:accountId/money/entries': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: entryBody(d) }),
  },
  'PUT /api/accounts/:accountId/money/entries/:entryId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await freshEntry(w, d, side), body: entryBody(d) }),
  },
  'DELETE /api/accounts/:accountId/money/entries/:entryId': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({ params: await freshEntry(w, d, side) }),
  },
};
