import { DEVICE_KEY_HEADER, FACE_MODEL } from '@batchwise/domain';
import type { Deps } from '../deps';
import { insertKiosk } from '../modules/attendance/attendance-fixture';
import type { Sample } from './matrix-samples';
import { freshStudent, managers, readersOfA, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of face registration: a student's link, status and deletion follow the student
// (editors for the link and deletion, readers for the status); the kiosk threshold belongs to
// owners and admins like the gate's devices; the public page answers by its key alone, and the
// kiosk download by its device key alone.

async function studentWithPrint(w: World, d: Deps, side: 'A' | 'B') {
  const studentId = await freshStudent(w, d, side);
  const now = d.clock.now();
  await d.db.kysely
    .insertInto('face_prints')
    .values({
      student_id: studentId,
      account_id: w.accounts[side],
      sealed: 'v1.matrix',
      model: FACE_MODEL,
      angles: 3,
      liveness: 'blink',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { params: { accountId: w.accounts[side], studentId } };
}

const studentCall = async (w: World, d: Deps, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], studentId: await freshStudent(w, d, side) },
});
const account = (w: World, _d: Deps, side: 'A' | 'B') => ({ params: { accountId: w.accounts[side] } });
const link = { key: 'k'.repeat(32), suid: 'nobody' };

export const FACE_SAMPLES: Record<string, Sample> = {
  'POST /api/accounts/:accountId/students/:studentId/face-link': {
    institution: true,
    allowed: staffOfA,
    call: studentCall,
  },
  'GET /api/accounts/:accountId/students/:studentId/face-print': {
    institution: true,
    allowed: readersOfA,
    call: studentCall,
  },
  'DELETE /api/accounts/:accountId/students/:studentId/face-print': {
    institution: true,
    allowed: staffOfA,
    call: studentWithPrint,
  },
  'GET /api/accounts/:accountId/face-settings': { institution: true, allowed: managers, call: account },
  'PUT /api/accounts/:accountId/face-settings': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({ ...account(w, d, side), body: { threshold: 0.5, keepPhoto: false } }),
  },
  'GET /api/public/face-print': {
    allowed: 'everyone',
    call: () => ({ query: `key=${link.key}&suid=${link.suid}` }),
  },
  'PUT /api/public/face-print': {
    allowed: 'everyone',
    call: () => ({
      body: { ...link, model: FACE_MODEL, liveness: 'blink', descriptors: [[], [], []] },
    }),
  },
  'GET /api/kiosk/faces': {
    allowed: 'everyone',
    call: async (w, d) => ({
      headers: { [DEVICE_KEY_HEADER]: (await insertKiosk(d, w.accounts.A, { name: 'Face gate' })).key },
    }),
  },
};
