import { addDays } from '@batchwise/domain';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { childRoute } from './matrix-samples-portal';
import { managers, readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of online classes through Zoom: the account's owners connect, disconnect and
// make meetings; everyone who works in the classroom lists them; a child's join links are that
// child's family's; Zoom's callback is for teachers and admins (the state names the account);
// the join link and Zoom's webhook are public (a secret code, a signature).

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });
const classroom = (w: World, side: 'A' | 'B') => ({ ...account(w, side), classroomId: w.classrooms[side] });

let made = 0;

/** A meeting of the side's classroom, made for one call (a past class: its report may be asked). */
async function freshMeeting(w: World, d: Deps, side: 'A' | 'B') {
  const now = d.clock.now();
  const id = newId(now);
  await d.db.kysely
    .insertInto('zoom_meetings')
    .values({
      id,
      account_id: w.accounts[side],
      classroom_id: w.classrooms[side],
      // One past date per meeting: a classroom has one meeting per class.
      date: addDays('2020-01-01', made++),
      start: '08:00',
      end: '23:59',
      zoom_id: '85000000000',
      zoom_uuid: `${id}==`,
      join_url: 'https://zoom.us/j/85000000000',
      short_url: 'https://batchwise.test/r/x',
      topic: 'Matrix class',
      sms_send_id: null,
      attendance_at: null,
      created_by: null,
      created_at: now,
    })
    .execute();
  return id;
}

export const ZOOM_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/zoom': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'POST /api/accounts/:accountId/zoom/authorize': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'DELETE /api/accounts/:accountId/zoom': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  // A made-up state: those allowed are answered that it is not theirs.
  'POST /api/zoom/callback': {
    allowed: ['teacherA', 'teacherB', 'adminA', 'adminB'],
    call: () => ({ body: { code: 'matrix', state: 'matrix' } }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/zoom-meetings': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  // No class at that time: those allowed are answered so, before anything goes to Zoom.
  'POST /api/accounts/:accountId/classrooms/:classroomId/zoom-meetings': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: classroom(w, side), body: { date: '2000-01-03', start: '23:58' } }),
  },
  // The account has no Zoom connection: those allowed are told to connect first.
  'POST /api/accounts/:accountId/zoom-meetings/:meetingId/attendance': {
    institution: true,
    allowed: managers,
    call: async (w, d, side) => ({
      params: { ...account(w, side), meetingId: await freshMeeting(w, d, side) },
    }),
  },
  'GET /api/portal/students/:studentId/zoom-meetings': childRoute(),
  'GET /api/zoom/join/:code': { allowed: 'everyone', call: () => ({ params: { code: 'not-a-link' } }) },
  'POST /api/zoom/webhook': { allowed: 'everyone', call: () => ({ body: { event: 'matrix' } }) },
};
