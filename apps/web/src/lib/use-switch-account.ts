import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { sessionQueryKey } from './session';

/** `PUT /api/session/active-account`, then reload the session and every account-scoped query. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      api.put<{ activeAccountId: string }>('/api/session/active-account', { accountId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
