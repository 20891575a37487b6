import { MESSAGES, type MessageCode } from '@batchwise/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
      if (err.logged) request.log.warn(err.logged, `refused: ${err.code}`);
      // A refusal that knows how long to wait says so (RFC 9110 §10.2.3), so clients back off.
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
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
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: MESSAGES.RATE_LIMITED } });
    }
    // Fastify's and plugins' own 4xx (unreadable JSON, wrong content type, too large) carry
    // internal codes such as FST_ERR_…; callers get a catalogue code instead.
    const code = clientErrorCode(status);
    return reply.status(status).send({ error: { code, message: MESSAGES[code] } } satisfies ErrorBody);
  });
}

function clientErrorCode(status: number): MessageCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413 || status === 414) return 'REQUEST_TOO_LARGE';
  return 'BAD_REQUEST';
}

/**
 * Errors the router raises before any route runs (a path that is not valid percent-encoding, a
 * path segment past the length limit): Fastify would answer them with its own body and codes.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const code = clientErrorCode(status);
  void reply.status(status).send({ error: { code, message: MESSAGES[code] } } satisfies ErrorBody);
}
