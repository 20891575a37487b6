import { sessionEndpoints } from '@batchwise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, refresh } from './api-client';

/** `PUT /api/session/active-account`, then reload the session and every account-scoped query. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => call(sessionEndpoints.switchAccount, { body: { accountId } }),
    onSuccess: async () => {
      await refresh(queryClient, 'session');
      await refresh(queryClient, 'accounts');
    },
  });
}
