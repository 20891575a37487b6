import { landingConfigEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { LandingConfigService } from './landing-config.service';

/** `/config-landing-page` (staff) and the content the public landing page reads. */
export function landingConfigRoutes(app: TypedApp, landing: LandingConfigService): void {
  route(app, endpoints.get, () => landing.view());
  route(app, endpoints.save, (request) => landing.save(request.principal!, request.body));
  route(app, endpoints.landing, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return landing.current();
  });
}
