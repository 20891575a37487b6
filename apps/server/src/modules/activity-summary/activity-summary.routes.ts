import { insightEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ActivitySummaryService } from './activity-summary.service';

/** `/activity-log-summary`: staff across accounts, an owner within theirs (insight.policy.ts). */
export function activitySummaryRoutes(app: TypedApp, summary: ActivitySummaryService): void {
  route(app, endpoints.staffActivitySummary, (r) => summary.forStaff(r.query));
  route(app, endpoints.activitySummary, (r) => summary.forAccount(r.principal!, r.params.accountId, r.query));
}
