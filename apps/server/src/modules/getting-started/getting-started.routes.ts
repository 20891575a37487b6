import { gettingStartedEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { GettingStartedService } from './getting-started.service';

/** The dashboard's first-run checklist of an account. */
export function gettingStartedRoutes(app: TypedApp, checklist: GettingStartedService): void {
  route(app, endpoints.read, (r) => checklist.read(r.principal!, r.params.accountId));
  route(app, endpoints.update, (r) => checklist.update(r.principal!, r.params.accountId, r.body));
}
