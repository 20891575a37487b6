import { recycleBinEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from './api-client';

/** The account's Recycle bin (owners and admins only; the server refuses anyone else). */
export function recycleBinQuery(accountId: string) {
  return endpointQuery(recycleBinEndpoints.list, { params: { accountId } });
}

/**
 * Days a deletion on this account stays restorable (0: the plan does not include recovery, or it
 * is not known yet), for delete confirmations to say so. Shared by the features that delete.
 */
export function useRecoveryDays(accountId: string | undefined, enabled = true): number {
  const bin = useQuery({
    ...recycleBinQuery(accountId ?? ''),
    enabled: enabled && !!accountId,
    select: (answer) => answer.recoveryDays,
  });
  return bin.data ?? 0;
}
