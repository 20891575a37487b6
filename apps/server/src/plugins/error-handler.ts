import { MESSAGES } from '@batchwise/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

export interface ErrorBody {
  error: { code: string; message: string; params?: Record<string, unknown>; issues?: unknown[] };
}

/**
 * One shape for every error: `{ error: { code, message } }`. Validation errors list their
 * issues; 4xx errors from Fastify keep their message; 5xx never say more than the status.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ error: { code: err.code, message: err.message, params: err.params } } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Contracts from @batchwise/domain put the catalogue code of a rule in the issue's params;
      // the first such rule answers with its own code and exact message.
      const issues = err.validation.map((v) => ({
        path: v.instancePath,
        message: v.message ?? 'Invalid value',
        code: (v.params as { params?: { code?: string } } | undefined)?.params?.code,
      }));
      const rule = issues.find((i) => i.code);
      return reply.status(400).send({
        error: {
          code: rule?.code ?? 'VALIDATION_FAILED',
          message: rule?.message ?? MESSAGES.VALIDATION_FAILED,
          issues,
        },
      } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ error: { code: 'INTERNAL', message: MESSAGES.INTERNAL } });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please slow down.' } });
    }
    return reply.status(status).send({ error: { code: err.code ?? 'BAD_REQUEST', message: err.message } });
  });
}
