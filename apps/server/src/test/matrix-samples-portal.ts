import { monthOf, PORTAL_SETTINGS_DEFAULTS } from '@batchwise/domain';
import type { Deps } from '../deps';
import type { Sample } from './matrix-samples';
import { managers, readersOfA, staffOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the family portal (DESIGN.md §1 "Family portal"): a child's pages answer
// student A (themself) and parent A (student A's parent 1) on A's student, and nobody on B's (not
// even them: another tenant's child is not found); the family's own profile and devices answer
// families only; the classroom switches are staff's (changed by owners and admins); the
// attendance link page is public behind its key. Unlinked phones: portal.test.ts.

const family = ['studentA', 'parentA'] as const;

/**
 * A child's page on one side. Parent A's phone is put back first: an earlier sample (Settings'
 * profile) may have cleared it, and a parent without the phone has no children to read.
 */
export async function child(w: World, d: Deps, side: 'A' | 'B') {
  const db = d.db.kysely;
  const { parent1_phone } = await db
    .selectFrom('students')
    .select('parent1_phone')
    .where('id', '=', w.students.A)
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ phone: parent1_phone }).where('id', '=', w.users.parentA).execute();
  return { params: { studentId: w.students[side] } };
}
const classroom = (w: World, side: 'A' | 'B') => ({
  params: { accountId: w.accounts[side], classroomId: w.classrooms[side] },
});

export const childRoute = (query?: (d: Deps) => string): Sample => ({
  institution: true,
  allowed: family,
  call: async (w, d, side) => ({ ...(await child(w, d, side)), query: query?.(d) }),
});

export const PORTAL_SAMPLES: Record<string, Sample> = {
  'GET /api/portal/home': { allowed: family },
  'GET /api/portal/students/:studentId/fees': childRoute(),
  'POST /api/portal/students/:studentId/pay': {
    institution: true,
    allowed: family,
    call: async (w, d, side) => ({
      ...(await child(w, d, side)),
      body: {
        gateway: 'sslcommerz',
        items: [{ kind: 'month', classroomId: w.classrooms[side], month: monthOf(d.clock.now()) }],
      },
    }),
  },
  'GET /api/portal/students/:studentId/attendance': childRoute((d) => `month=${monthOf(d.clock.now())}`),
  'GET /api/portal/students/:studentId/results': childRoute(),
  // A term that exists nowhere (404 to the family); B's child is refused in portal.test.ts.
  'POST /api/portal/students/:studentId/results/open': {
    allowed: family,
    missingObject: true,
    call: async (w, d) => ({
      ...(await child(w, d, 'A')),
      body: { classroomId: w.classrooms.A, term: 'Matrix' },
    }),
  },
  'GET /api/portal/students/:studentId/classes': childRoute(),
  'GET /api/portal/students/:studentId/messages': childRoute(() => 'page=1'),
  'GET /api/portal/me': { allowed: family },
  'PUT /api/portal/me': { allowed: family, call: () => ({ body: { theme: 'dark' } }) },
  'GET /api/portal/me/devices': { allowed: family },
  'DELETE /api/portal/me/devices/:deviceId': {
    allowed: family,
    missingObject: true,
    call: () => ({ params: { deviceId: 'not-a-device' } }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/portal-settings': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => classroom(w, side),
  },
  'PUT /api/accounts/:accountId/classrooms/:classroomId/portal-settings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ ...classroom(w, side), body: PORTAL_SETTINGS_DEFAULTS }),
  },
  'POST /api/accounts/:accountId/students/:studentId/attendance-link': {
    institution: true,
    allowed: staffOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side], studentId: w.students[side] } }),
  },
  'GET /api/public/attendance/:key': { allowed: 'everyone', call: () => ({ params: { key: 'not-a-key' } }) },
  'GET /a/:key': { allowed: 'everyone', call: () => ({ params: { key: 'not-a-key' } }) },
};
