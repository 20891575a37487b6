import { attendanceReportEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AttendanceReportsService } from './attendance-reports.service';
import type { RollCallService } from './roll-call.service';

/** Roll call and attendance reports; who may call is in attendance-reports.policy.ts. */
export function attendanceReportsRoutes(
  app: TypedApp,
  services: { rollCall: RollCallService; reports: AttendanceReportsService },
): void {
  const { rollCall, reports } = services;
  route(app, endpoints.rollCall, (r) =>
    rollCall.rollCall(r.principal!, r.params.accountId, r.params.classroomId, r.query.date),
  );
  route(app, endpoints.saveRollCall, (r) =>
    rollCall.save(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.markHistory, (r) =>
    rollCall.history(r.principal!, r.params.accountId, r.params.classroomId, r.query),
  );
  route(app, endpoints.register, (r) =>
    reports.register(r.principal!, r.params.accountId, r.params.classroomId, r.query.month),
  );
  route(app, endpoints.summary, (r) =>
    reports.summary(r.principal!, r.params.accountId, r.params.classroomId, r.query),
  );
  route(app, endpoints.studentCalendar, (r) =>
    reports.studentCalendar(r.principal!, r.params.accountId, r.params.studentId, r.query.month),
  );
  route(app, endpoints.liveBoard, (r) => reports.liveBoard(r.principal!, r.params.accountId));
}
