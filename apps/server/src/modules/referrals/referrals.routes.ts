import { referralEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ReferralsService } from './referrals.service';

export function referralsRoutes(app: TypedApp, referrals: ReferralsService): void {
  route(app, endpoints.summary, (request) => referrals.summary(request.principal!, request.params.accountId));
}
