import { insightEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { InsightService } from './insight.service';

/** `/business-insight`: the platform's figures for staff, an institution's for its owner. */
export function insightRoutes(app: TypedApp, insight: InsightService): void {
  route(app, endpoints.platform, (r) => insight.forPlatform(r.query));
  route(app, endpoints.account, (r) => insight.forAccount(r.principal!, r.params.accountId, r.query));
}
