import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { child } from './matrix-samples-portal';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of EduCast (modules/educast/educast.policy.ts): the account's teacher and admins
// record, trim, publish and delete (assistants are refused); the student and parents of a
// classroom list and join by code. Each call names a recording made for it in the side's account.

async function freshEducast(w: World, deps: Deps, side: 'A' | 'B', state = 'recorded') {
  const now = deps.clock.now();
  const accountId = w.accounts[side];
  const id = newId(now);
  await deps.db.kysely
    .insertInto('educasts')
    .values({
      id,
      account_id: accountId,
      title: 'Matrix recording',
      source: 'camera',
      state,
      duration_ms: 60_000,
      chunk_count: 0,
      size_bytes: 0,
      trim_start_s: 0,
      trim_end_s: 0,
      course_id: null,
      chapter_id: null,
      video_id: null,
      code: null,
      error_code: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      published_at: null,
    })
    .execute();
  return { accountId, educastId: id };
}

const educast = (body?: unknown, state?: string) => async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: await freshEducast(w, d, side, state),
  body,
});

const family = ['studentA', 'parentA'] as const;

export const EDUCAST_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/educasts': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
  'POST /api/accounts/:accountId/educasts': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] }, body: { source: 'camera' } }),
  },
  'PUT /api/accounts/:accountId/educasts/:educastId/chunks/:seq': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: { ...(await freshEducast(w, d, side, 'recording')), seq: '0' },
      query: 'atMs=3000',
      body: Buffer.from('matrix chunk'),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  'POST /api/accounts/:accountId/educasts/:educastId/finish': {
    institution: true,
    allowed: managers,
    call: educast({}),
  },
  'PUT /api/accounts/:accountId/educasts/:educastId': {
    institution: true,
    allowed: managers,
    call: educast({ title: 'Matrix', trimStartS: 1, trimEndS: 1 }),
  },
  // No chapter of the account is named: those allowed are answered EDUCAST_CHAPTER_UNKNOWN.
  'POST /api/accounts/:accountId/educasts/:educastId/publish': {
    institution: true,
    allowed: managers,
    call: educast({ courseId: 'matrix-course', chapterId: 'matrix-chapter' }),
  },
  'DELETE /api/accounts/:accountId/educasts/:educastId': {
    institution: true,
    allowed: managers,
    call: educast(),
  },
  'GET /api/portal/students/:studentId/educasts': {
    institution: true,
    allowed: family,
    call: (w, d, side) => child(w, d, side),
  },
  // An unknown code: those allowed hear EDUCAST_CODE_UNKNOWN, the others are refused first.
  'POST /api/portal/students/:studentId/educasts/join': {
    institution: true,
    allowed: family,
    call: async (w, d, side) => ({ ...(await child(w, d, side)), body: { code: 'MATRIX' } }),
  },
};
