import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './api';

/**
 * A user-facing message for any thrown value. Server errors are translated by their stable code
 * from the `domain` namespace, falling back to the server's English message (DESIGN §3.9).
 * Callers must have loaded the `domain` and `errors` namespaces.
 */
export function translateError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('errors:api.network');
    const translated = t(`domain:${error.code}`, { ...error.params, defaultValue: '' });
    if (translated) return translated;
    // 5xx messages are deliberately vague on the server; say something a user can act on.
    if (error.status >= 500) return t('errors:api.server');
    return error.message || t('errors:api.unknown');
  }
  return t('errors:api.unknown');
}

/** The server's `code` of a failure, or null when it never reached the server's error shape. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
