import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { staleKey } from './api-client';
import { connectLiveEvents } from './live-events';

/**
 * Keeps cached queries fresh: listens on `/api/events` and refetches the queries of every
 * resource an event names (with its params: one account's students, not everyone's).
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectLiveEvents({
      onEvent: (event) => {
        for (const stale of event.stale ?? [])
          void queryClient.invalidateQueries({ queryKey: staleKey(stale) });
      },
      onReconnect: () => void queryClient.invalidateQueries(),
    });
  }, [enabled, queryClient]);
}
