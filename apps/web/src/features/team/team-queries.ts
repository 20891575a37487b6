import { type Team, teamEndpoints } from '@batchwise/domain';
import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery, refresh } from '../../lib/api-client';

export type { Team };

export function teamQuery(accountId: string) {
  return endpointQuery(teamEndpoints.team, { params: { accountId } });
}

/** A team change can alter the session (an admin's teachers) and the account's figures. */
export async function refreshTeam(queryClient: QueryClient, accountId: string): Promise<void> {
  await Promise.all([
    refresh(queryClient, 'team', { accountId }),
    refresh(queryClient, 'accounts', { accountId }),
    refresh(queryClient, 'session'),
  ]);
}
