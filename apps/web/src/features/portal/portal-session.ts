import type { Session } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, signedInOrThrow } from '../../lib/api';
import { paths } from '../../lib/paths';
import { signInRedirectPath } from '../../lib/route-rules';

/**
 * `GET /api/session` for the light entry. The path is written out because the endpoint's
 * contract object carries its zod schema (lib/session.ts is the app's typed twin).
 */
const SESSION_PATH = '/api/session';
/** The server's code for a user without a record (spec part 1 §4), as lib/session.ts names it. */
const MISSING_USER_RECORD = 'MISSING_USER_RECORD';

export const portalSessionKey = ['portal', 'session'] as const;

export function usePortalSession() {
  return useQuery({
    queryKey: portalSessionKey,
    queryFn: async ({ signal }) => signedInOrThrow(await apiFetch<Session | null>(SESSION_PATH, { signal })),
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Where a failed session check sends the visitor: signed out to sign-in (back here afterwards), a
 * user without a record to the sign-out page with the reason; null when the server was unreachable.
 */
export function sessionFailureTarget(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return null;
  if (error.code === MISSING_USER_RECORD) return `${paths.forceLogout}?reason=${MISSING_USER_RECORD}`;
  return signInRedirectPath(window.location);
}
