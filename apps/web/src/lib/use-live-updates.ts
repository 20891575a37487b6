import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from './live-events';

/**
 * Keeps cached queries fresh: listens on `/api/events` and invalidates every query key an event
 * names (prefix match, so `['students']` refreshes all student lists).
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectLiveEvents({
      onEvent: (event) => {
        for (const queryKey of event.queryKeys ?? []) void queryClient.invalidateQueries({ queryKey });
      },
      onReconnect: () => void queryClient.invalidateQueries(),
    });
  }, [enabled, queryClient]);
}
