import { attendanceInsightsSchema } from '../contracts/attendance-insights';
import { endpoint } from '../contracts/endpoint';
import { classroomParams, STAFF_ACCESS } from './common';

/**
 * Attendance insights: who a classroom's teacher should call about. Read by whoever reads the
 * classroom's register (its owner, admins over it, assistants accepted into it), scoped by
 * modules/attendance-insights/attendance-insights.policy.ts.
 */
export const attendanceInsightEndpoints = {
  insights: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/classrooms/:classroomId/attendance/insights',
    access: STAFF_ACCESS,
    tags: ['attendance'],
    // Roll call and punches change what the insights say, as they change the register.
    resource: 'attendance',
    summary:
      'Students whose attendance is falling, absence streaks, lateness and low attendance before an exam',
    params: classroomParams,
    response: attendanceInsightsSchema,
  }),
};
