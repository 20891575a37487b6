import { dayOf, monthOf } from '@batchwise/domain';
import type { Deps } from '../deps';
import type { Sample } from './matrix-samples';
import { freshStudent, readersOfA } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of roll call, the attendance reports and insights: the
// classroom's owner, its admin, the account-wide assistant and the assistant whose grant is for
// that classroom alone (world.ts) all take roll call and read the reports; nobody of B, no
// student, parent or staff. A save names a student made for that call, so an allowed call writes.

const classroom = (w: World, side: 'A' | 'B') => ({
  accountId: w.accounts[side],
  classroomId: w.classrooms[side],
});
const today = (d: Deps) => dayOf(d.clock.now());

export const ATTENDANCE_REPORT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance/roll-call': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ params: classroom(w, side), query: `date=${today(d)}` }),
  },
  'PUT /api/accounts/:accountId/classrooms/:classroomId/attendance/roll-call': {
    institution: true,
    allowed: readersOfA,
    call: async (w, d, side) => ({
      params: classroom(w, side),
      body: {
        date: today(d),
        start: '16:00',
        marks: [{ studentId: await freshStudent(w, d, side), status: 'present' }],
      },
    }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance/history': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({
      params: classroom(w, side),
      query: `date=${today(d)}&start=16:00&studentId=${w.students[side]}`,
    }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance/register': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ params: classroom(w, side), query: `month=${monthOf(d.clock.now())}` }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance/summary': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({ params: classroom(w, side), query: `from=${today(d)}&to=${today(d)}` }),
  },
  // Attendance insights read what the register reads, so the same people read them.
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance/insights': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'GET /api/accounts/:accountId/students/:studentId/attendance': {
    institution: true,
    allowed: readersOfA,
    call: (w, d, side) => ({
      params: { accountId: w.accounts[side], studentId: w.students[side] },
      query: `month=${monthOf(d.clock.now())}`,
    }),
  },
  'GET /api/accounts/:accountId/attendance/live-board': {
    institution: true,
    allowed: readersOfA,
    call: (w, _d, side) => ({ params: { accountId: w.accounts[side] } }),
  },
};
