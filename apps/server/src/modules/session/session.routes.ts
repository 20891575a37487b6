import { sessionEndpoints as endpoints } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { SessionLoader } from './session.service';

export function sessionRoutes(app: TypedApp, loader: SessionLoader): void {
  // Open to everyone (the contract says why): signed out is null; a suspicious account is refused
  // here as the signed-in routes refuse it (plugins/authenticate.ts).
  route(app, endpoints.session, (request) => {
    const principal = request.principal;
    if (!principal) return null;
    if (principal.user.suspicious_at) throw failure(403, 'ACCOUNT_SUSPICIOUS');
    return loader.load(principal);
  });

  route(app, endpoints.switchAccount, async (request) => {
    await loader.switchAccount(request.principal!, request.body.accountId);
    return { activeAccountId: request.body.accountId };
  });
}
