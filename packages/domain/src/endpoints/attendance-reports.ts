import {
  attendanceRegisterSchema,
  classroomAttendanceSummarySchema,
  liveBoardSchema,
  markHistoryQuerySchema,
  markHistorySchema,
  registerQuerySchema,
  rollCallQuerySchema,
  rollCallSaveResultSchema,
  rollCallSaveSchema,
  rollCallSchema,
  studentCalendarQuerySchema,
  studentCalendarSchema,
  summaryRangeQuerySchema,
} from '../contracts/attendance-reports';
import { endpoint } from '../contracts/endpoint';
import { accountParams, classroomParams, STAFF_ACCESS, studentParams } from './common';

const tags = ['attendance'];
// Punches (the live event 'attendance.punch') and roll call both change what these show.
const resource = 'attendance';

/**
 * Roll call and attendance reports. The classroom's owner, admins and
 * accepted assistants of the classroom; everything is scoped to the classrooms the caller sees
 * (modules/attendance-reports/attendance-reports.policy.ts). Tables export through `POST /api/exports`.
 */
export const attendanceReportEndpoints = {
  rollCall: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/roll-call',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A date's sessions of a classroom with every enrolled student and their marks",
    params: classroomParams,
    query: rollCallQuerySchema,
    response: rollCallSchema,
  }),
  saveRollCall: endpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/roll-call',
    access: STAFF_ACCESS,
    tags,
    summary: 'Set marks of one session (present, late, absent, leave); every change keeps who and when',
    params: classroomParams,
    body: rollCallSaveSchema,
    response: rollCallSaveResultSchema,
  }),
  markHistory: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/history',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "Every change of one student's mark for one session, newest first",
    params: classroomParams,
    query: markHistoryQuerySchema,
    response: markHistorySchema,
  }),
  register: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/register',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: 'The month register: students × held sessions, with totals',
    params: classroomParams,
    query: registerQuerySchema,
    response: attendanceRegisterSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/summary',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "Each student's attendance numbers between two dates (what a report card shows)",
    params: classroomParams,
    query: summaryRangeQuerySchema,
    response: classroomAttendanceSummarySchema,
  }),
  studentCalendar: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/students/:studentId/attendance',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "A student's month: marks in the classrooms the caller sees, entry and exit punches",
    params: studentParams,
    query: studentCalendarQuerySchema,
    response: studentCalendarSchema,
  }),
  liveBoard: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/attendance/live-board',
    access: STAFF_ACCESS,
    tags,
    resource,
    summary: "Today's board: who is in, who has left and when, the latest punches",
    params: accountParams,
    response: liveBoardSchema,
  }),
};
