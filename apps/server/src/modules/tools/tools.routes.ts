import { planEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { ToolsService } from './tools.service';

const ok = { ok: true as const };

export function toolsRoutes(app: TypedApp, tools: ToolsService): void {
  route(app, endpoints.tools, (request) => tools.list(request.principal!, request.params.accountId));
  route(app, endpoints.install, async (request) => {
    await tools.install(request.principal!, request.params.accountId, request.params.toolKey);
    return ok;
  });
  route(app, endpoints.uninstall, async (request) => {
    await tools.uninstall(request.principal!, request.params.accountId, request.params.toolKey);
    return ok;
  });
  route(app, endpoints.pin, async (request) => {
    await tools.pin(
      request.principal!,
      request.params.accountId,
      request.params.toolKey,
      request.body.pinned,
    );
    return ok;
  });
}
