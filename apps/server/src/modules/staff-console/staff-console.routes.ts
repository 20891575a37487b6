import { staffConsoleEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { StaffConsoleService } from './staff-console.service';

export function staffConsoleRoutes(app: TypedApp, staffConsole: StaffConsoleService): void {
  route(app, endpoints.search, async (request) => ({
    accounts: await staffConsole.search(request.principal!, request.query),
  }));
  route(app, endpoints.account, (request) =>
    staffConsole.account(request.principal!, request.params.accountId),
  );
  route(app, endpoints.setSuspension, async (request) => {
    await staffConsole.setSuspension(request.principal!, request.params.accountId, request.body);
    return { ok: true as const };
  });
  route(app, endpoints.labels, (request) => staffConsole.labels(request.principal!));
  route(app, endpoints.createLabel, (request) =>
    staffConsole.createLabel(request.principal!, request.body.name),
  );
  route(app, endpoints.deleteLabel, async (request) => {
    await staffConsole.deleteLabel(request.principal!, request.params.labelId);
    return { ok: true as const };
  });
  route(app, endpoints.attachLabel, async (request) => {
    await staffConsole.setLabel(request.principal!, request.params.accountId, request.params.labelId, true);
    return { ok: true as const };
  });
  route(app, endpoints.detachLabel, async (request) => {
    await staffConsole.setLabel(request.principal!, request.params.accountId, request.params.labelId, false);
    return { ok: true as const };
  });
}
