import { dayOf } from '@batchwise/domain';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import type { Sample } from './matrix-samples';
import { childRoute } from './matrix-samples-portal';
import { managers, readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of the timetable: everyone who works in a classroom reads its calendar; changes,
// cancellation SMS and feed links are the owner's and admins'; a child's schedule and feed link
// are that child's family's; the feed itself is public behind its secret.

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });
const classroom = (w: World, side: 'A' | 'B') => ({ ...account(w, side), classroomId: w.classrooms[side] });
const week = (d: Deps) => {
  const today = dayOf(d.clock.now());
  return `from=${today}&to=${today}`;
};

export const TIMETABLE_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/timetable': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ params: account(w, side), query: week(d) }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/timetable-events': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/timetable-events': {
    institution: true,
    allowed: managers,
    call: (w, d, side) => ({
      params: classroom(w, side),
      body: { kind: 'holiday', date: dayOf(d.clock.now()) },
    }),
  },
  'DELETE /api/accounts/:accountId/classrooms/:classroomId/timetable-events/:eventId': {
    institution: true,
    allowed: managers,
    // A holiday made for this call, so an allowed call removes something.
    call: async (w, d, side) => {
      const now = d.clock.now();
      const eventId = newId(now);
      await d.db.kysely
        .insertInto('timetable_events')
        .values({
          id: eventId,
          account_id: w.accounts[side],
          classroom_id: w.classrooms[side],
          kind: 'holiday',
          date: dayOf(now),
          created_at: now,
        })
        .execute();
      return { params: { ...classroom(w, side), eventId } };
    },
  },
  'POST /api/accounts/:accountId/classrooms/:classroomId/calendar-feed': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'DELETE /api/accounts/:accountId/classrooms/:classroomId/calendar-feed': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'GET /api/portal/students/:studentId/schedule': childRoute(week),
  'POST /api/portal/students/:studentId/calendar-feed': childRoute(),
  'DELETE /api/portal/students/:studentId/calendar-feed': childRoute(),
  'GET /calendar/:file': { allowed: 'everyone', call: () => ({ params: { file: 'not-a-feed.ics' } }) },
};
