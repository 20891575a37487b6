import { domainError, type MessageCode, type MessageParams } from '@batchwise/domain';

/**
 * An error a caller can act on: a stable code, the exact English message and an HTTP status.
 * Anything else thrown is an internal error and its details never leave the server.
 */
export class AppError extends Error {
  /** Seconds the caller should wait before trying again, sent as `Retry-After` (429s). */
  retryAfterSeconds?: number;
  /** What the server log records with this refusal (its underlying cause), never sent to the caller. */
  logged?: Record<string, unknown>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An AppError carrying a catalogue message from @batchwise/domain. */
export function failure(status: number, code: MessageCode, params?: MessageParams): AppError {
  const error = domainError(code, params);
  return new AppError(status, error.code, error.message, error.params);
}

/**
 * 429 with the catalogue message; when the wait is known it goes out as `Retry-After` (RFC 9110
 * §10.2.3), so well-behaved clients wait instead of hammering (the error handler sends it).
 */
export function tooMany(code: MessageCode, waitMs?: number, params?: MessageParams): AppError {
  const error = failure(429, code, params);
  if (waitMs !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return error;
}

/** 404 with the catalogue message: also the answer for objects the caller may not see. */
export const notFound = (): AppError => failure(404, 'NOT_FOUND');
