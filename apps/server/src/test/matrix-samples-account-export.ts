import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { signature } from '../modules/account-export/account-export.service';
import type { Sample } from './matrix-samples';
import type { World } from './world';

// Matrix samples of the account export: only the account's owner (its teacher) exports it or
// downloads an archive; the admin of the teacher's team, assistants and everyone else are refused.

const owner = ['teacherA'] as const;
const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });

/** A ready export with its archive in storage, written straight to the table. */
async function readyExport(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const row = { id: newId(now), link_secret: `secret-${newId(now)}` };
  const accountId = w.accounts[side];
  const key = `account-exports/${accountId}/${row.id}.zip`;
  await deps.storage.put(key, Buffer.from('PK'), 'application/zip');
  const expires = now + 60 * 60 * 1000;
  await deps.db.kysely
    .insertInto('account_exports')
    .values({
      ...row,
      account_id: accountId,
      requested_by: w.users[side === 'A' ? 'teacherA' : 'teacherB'],
      status: 'ready',
      progress: 100,
      file_key: key,
      bytes: 2,
      error: null,
      created_at: now,
      finished_at: now,
      expires_at: expires,
    })
    .execute();
  return {
    params: { accountId, exportId: row.id },
    query: `expires=${expires}&signature=${signature(row, expires)}`,
  };
}

export const ACCOUNT_EXPORT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/account-exports': { institution: true, allowed: owner, call: account },
  'POST /api/accounts/:accountId/account-exports': {
    institution: true,
    allowed: owner,
    // One export at a time: earlier samples' exports are finished first.
    call: async (w, d, side) => {
      await d.db.kysely
        .updateTable('account_exports')
        .set({ status: 'failed' })
        .where('account_id', '=', w.accounts[side])
        .execute();
      return account(w, d, side);
    },
  },
  'GET /api/accounts/:accountId/account-exports/:exportId/download': {
    institution: true,
    allowed: owner,
    call: readyExport,
  },
};
