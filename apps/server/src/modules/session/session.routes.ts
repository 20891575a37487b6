import { sessionEndpoints as endpoints } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { StaffConsoleService } from '../staff-console/staff-console.service';
import type { SessionLoader } from './session.service';

export function sessionRoutes(
  app: TypedApp,
  services: { loader: SessionLoader; maintenance: MaintenanceService; staffConsole: StaffConsoleService },
): void {
  const { loader } = services;
  // Open to everyone (the contract says why): signed out is null; a suspicious account is refused
  // here as the signed-in routes refuse it (plugins/authenticate.ts). The platform notices come
  // with it: every signed-in page shows them, and the first load makes no request of its own for
  // them (spec part 1 §2.3).
  route(app, endpoints.session, async (request) => {
    const principal = request.principal;
    if (!principal) return null;
    if (principal.user.suspicious_at) throw failure(403, 'ACCOUNT_SUSPICIOUS');
    const [session, maintenance, suspensions] = await Promise.all([
      loader.load(principal),
      services.maintenance.current(),
      services.staffConsole.suspensionsFor(principal),
    ]);
    return { ...session, notices: { maintenance, suspensions } };
  });

  route(app, endpoints.switchAccount, async (request) => {
    await loader.switchAccount(request.principal!, request.body.accountId);
    return { activeAccountId: request.body.accountId };
  });
}
