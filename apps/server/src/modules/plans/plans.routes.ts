import { planEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { PlansService } from './plans.service';

export function plansRoutes(app: TypedApp, plans: PlansService): void {
  route(app, endpoints.list, async () => ({ plans: await plans.list() }));
  route(app, endpoints.update, (request) =>
    plans.update(request.principal!, request.params.planId, request.body),
  );
}
