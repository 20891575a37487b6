import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the Recycle bin: the account's teacher and the admin over it list and restore
// what was deleted; assistants, families, staff and the other institution are refused. Each
// restore names an entry made for that call (an assessment of the side's world classroom).

async function freshEntry(w: World, deps: Deps, side: 'A' | 'B') {
  const now = deps.clock.now();
  const accountId = w.accounts[side];
  const assessmentId = newId(now);
  const entryId = newId(now);
  const assessment = {
    id: assessmentId,
    account_id: accountId,
    classroom_id: w.classrooms[side],
    name: 'Class test',
    term: 'Half-yearly 2026',
    held_on: '2026-05-02',
    weight: 100,
    published_at: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  };
  await deps.db.kysely
    .insertInto('recycle_bin')
    .values({
      id: entryId,
      account_id: accountId,
      kind: 'assessment',
      entity_id: assessmentId,
      label: 'Class test (Half-yearly 2026)',
      detail: null,
      deleted_by: null,
      deleted_by_name: 'Matrix',
      deleted_at: now,
      expires_at: now + 30 * 86_400_000,
      snapshot: JSON.stringify({ classroomName: 'Matrix', assessment, subjects: [], marks: [] }),
    })
    .execute();
  return { params: { accountId, entryId } };
}

export const RECYCLE_BIN_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/recycle-bin': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/recycle-bin/:entryId/restore': {
    institution: true,
    allowed: managers,
    call: freshEntry,
  },
};
