import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { looksLikeId } from '../../lib/ids';
import type { AccountErrors } from './account-errors';
import { describeError } from './error-report';
import type { ErrorReporter } from './error-reporter';

/**
 * Reports every request that ends in a 5xx. Fastify's onError runs just before the error handler
 * (plugins/error-handler.ts) answers, so the status is worked out the same way it will be.
 * Refusals that say when to come back (a 503 with Retry-After) are answers, not faults. A route
 * of one account (`:accountId`) also keeps the error for that account's page in the staff console.
 */
export function registerErrorReports(
  app: FastifyInstance,
  reporter: ErrorReporter,
  accountErrors: AccountErrors,
): void {
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status < 500) return;
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) return;
    const context = describeError(error, {
      source: 'request',
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status,
    });
    reporter.report(context);
    const accountId = (request.params as { accountId?: unknown } | undefined)?.accountId;
    if (looksLikeId(accountId)) accountErrors.record(accountId, context);
  });
}
