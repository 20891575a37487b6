import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { describeError } from './error-report';
import type { ErrorReporter } from './error-reporter';

/**
 * Reports every request that ends in a 5xx. Fastify's onError runs just before the error handler
 * (plugins/error-handler.ts) answers, so the status is worked out the same way it will be.
 * Refusals that say when to come back (a 503 with Retry-After) are answers, not faults.
 */
export function registerErrorReports(app: FastifyInstance, reporter: ErrorReporter): void {
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status < 500) return;
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) return;
    reporter.report(
      describeError(error, {
        source: 'request',
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status,
      }),
    );
  });
}
