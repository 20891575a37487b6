import { attendanceInsightEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { AttendanceInsightsService } from './attendance-insights.service';

/** Attendance insights of a classroom; who may read them is in attendance-insights.policy.ts. */
export function attendanceInsightsRoutes(app: TypedApp, insights: AttendanceInsightsService): void {
  route(app, endpoints.insights, (r) =>
    insights.insights(r.principal!, r.params.accountId, r.params.classroomId),
  );
}
