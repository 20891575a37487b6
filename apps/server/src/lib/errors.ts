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

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
