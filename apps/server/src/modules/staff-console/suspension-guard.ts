import type { FastifyInstance } from 'fastify';
import { failure } from '../../lib/errors';
import { accountInPath } from '../../lib/ids';
import { SUSPENDED_MAY_WRITE, signedInWrite } from './staff-console.policy';
import type { StaffConsoleService } from './staff-console.service';

/**
 * Refuses writes to a suspended account (the account in the path) and writes by the owner of a
 * suspended account anywhere, with the reason, before validation or the handler run. Reads and
 * exports go on. The answer is kept until a suspension or an account changes; reads cost nothing.
 * Registered after authentication, which resolves the caller first.
 */
export function registerSuspensionGuard(app: FastifyInstance, staffConsole: StaffConsoleService): void {
  app.addHook('onRequest', async (request) => {
    if (!signedInWrite(request, SUSPENDED_MAY_WRITE)) return;
    const reason = await staffConsole.blockingReason(accountInPath(request.params), request.principal!);
    if (reason !== undefined) throw failure(403, 'ACCOUNT_SUSPENDED', { reason });
  });
}
