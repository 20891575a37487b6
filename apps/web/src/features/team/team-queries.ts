import type { Team } from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sessionQueryKey } from '../../lib/session';

export type { Team };

export function teamQuery(accountId: string) {
  return queryOptions({
    // The server's live events name this key when the team changes (e.g. an invitation accepted).
    queryKey: ['team', accountId] as const,
    queryFn: ({ signal }) => api.get<Team>(`/api/accounts/${encodeURIComponent(accountId)}/team`, signal),
  });
}

export function teamPath(accountId: string, rest = ''): string {
  return `/api/accounts/${encodeURIComponent(accountId)}${rest}`;
}

/** A team change can alter the session (an admin's teachers) and the account's figures. */
export async function refreshTeam(queryClient: QueryClient, accountId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['team', accountId] }),
    queryClient.invalidateQueries({ queryKey: ['accounts', accountId] }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}
