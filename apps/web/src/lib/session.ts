import {
  type AccountSummary,
  type accountEndpoints,
  type Session,
  type SessionAccount,
  SHELL_ROUTES,
  type sessionEndpoints,
} from '@batchwise/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, signedInOrThrow } from './api';
import { call, endpointQuery, queryKeyOf, routed } from './api-client';

export type { AccountSummary, Session, SessionAccount };

// By route: every signed-in page asks these first (api-client.ts `routed`).
const sessionEndpoint = routed<typeof sessionEndpoints.session>(SHELL_ROUTES.session);
const summaryEndpoint = routed<typeof accountEndpoints.summary>(SHELL_ROUTES.accountSummary);

export const sessionQueryKey = queryKeyOf(sessionEndpoint);

/** The code the server answers when the user has no record or no profession (spec part 1 §4). */
export const MISSING_USER_RECORD = 'MISSING_USER_RECORD';

/** The signed-in session; signed out is an `ApiError` 401 (api.ts `signedInOrThrow`). */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  return signedInOrThrow(await call(sessionEndpoint, { signal }));
}

/**
 * `GET /api/session`: a session means signed in. Anything else (signed out, 403 for a missing
 * record, no network) means the app cannot be used; retrying would only delay the redirect.
 */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  retry: false,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && error.code === MISSING_USER_RECORD;
}

/** The account the app works on: the chosen one, else the first listed. */
export function activeAccount(session: Session | undefined): SessionAccount | null {
  if (!session) return null;
  return (
    session.accounts.find((account) => account.id === session.activeAccountId) ?? session.accounts[0] ?? null
  );
}

/** `GET /api/accounts/:id/summary`, cached per account and refreshed by live updates. */
export function summaryQuery(accountId: string) {
  return endpointQuery(summaryEndpoint, { params: { accountId } });
}

/** After sign-out nothing of the previous user may stay in memory. */
export function forgetEverything(queryClient: QueryClient): void {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
}
