import { sessionEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { SessionLoader } from './session.service';

export function sessionRoutes(app: TypedApp, loader: SessionLoader): void {
  route(app, endpoints.session, (request) => loader.load(request.principal!));

  route(app, endpoints.switchAccount, async (request) => {
    await loader.switchAccount(request.principal!, request.body.accountId);
    return { activeAccountId: request.body.accountId };
  });
}
