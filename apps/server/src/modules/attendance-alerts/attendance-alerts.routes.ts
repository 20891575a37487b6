import { attendanceAlertEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AttendanceAlertsService } from './attendance-alerts.service';

/** Parent SMS on attendance; who may call is in attendance-alerts.policy.ts. */
export function attendanceAlertRoutes(app: TypedApp, alerts: AttendanceAlertsService): void {
  route(app, endpoints.attendanceAlertClassrooms, (r) => alerts.classrooms(r.principal!, r.params.accountId));
  route(app, endpoints.attendanceAlertSettings, (r) =>
    alerts.settings(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.saveAttendanceAlertSettings, (r) =>
    alerts.saveSettings(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.attendanceAlertLog, (r) => alerts.log(r.principal!, r.params.accountId, r.query));
}
