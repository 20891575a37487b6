import { ATTENDANCE_ALERT_TEMPLATES } from '@batchwise/domain';
import type { Sample } from './matrix-samples';
import { managers } from './matrix-samples-students';
import type { World } from './world';

// Matrix samples of parent SMS on attendance: settings and log are the owner's
// and admins' only; every assistant is refused, whatever their grants.

const account = (w: World, side: 'A' | 'B') => ({ accountId: w.accounts[side] });
const classroom = (w: World, side: 'A' | 'B') => ({ ...account(w, side), classroomId: w.classrooms[side] });

export const ATTENDANCE_ALERT_SAMPLES: Record<string, Sample> = {
  'GET /api/accounts/:accountId/attendance-alerts/classrooms': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side) }),
  },
  'GET /api/accounts/:accountId/classrooms/:classroomId/attendance-alerts': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: classroom(w, side) }),
  },
  'PUT /api/accounts/:accountId/classrooms/:classroomId/attendance-alerts': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({
      params: classroom(w, side),
      body: {
        smsMode: 'off',
        smsWindowMinutes: 30,
        absenceSms: false,
        lateAfterMinutes: 10,
        language: 'bn',
        templates: ATTENDANCE_ALERT_TEMPLATES,
      },
    }),
  },
  'GET /api/accounts/:accountId/attendance-alerts/log': {
    institution: true,
    allowed: managers,
    call: (w, _d, side) => ({ params: account(w, side), query: 'page=1' }),
  },
};
