import { domainError, type MessageCode, type MessageParams } from '@batchwise/domain';

/**
 * An error a caller can act on: a stable code, the exact English message and an HTTP status.
 * Anything else thrown is an internal error and its details never leave the server.
 */
export class AppError extends Error {
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

/** 404 with the catalogue message: also the answer for objects the caller may not see. */
export const notFound = (): AppError => failure(404, 'NOT_FOUND');
