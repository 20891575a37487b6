import type { TypedApp } from '../../lib/typed-app';
import type { ToolsService } from './tools.service';

/**
 * The routes of an add-on (an endpoint contract naming its `tool`) answer only a caller for whom
 * the tool is installed and not expired in the account of the path (spec part 2 §4). Registered
 * before the routes, so it is part of every route's hooks.
 */
export function registerToolGate(app: TypedApp, tools: ToolsService): void {
  app.addHook('preHandler', async (request) => {
    const tool = request.routeOptions.config.tool;
    const accountId = (request.params as { accountId?: string } | undefined)?.accountId;
    if (!tool || !request.principal || !accountId) return;
    await tools.require(request.principal, accountId, tool);
  });
}
