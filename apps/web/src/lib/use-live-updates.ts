import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseLiveEvent } from './live-events';

const MAX_RETRY_DELAY_MS = 60_000;

/**
 * Keeps cached queries fresh: while signed in, listens on `/api/events` and invalidates every
 * query key an event names (prefix match, so `['students']` refreshes all student lists).
 * The server sends plain (unnamed) SSE messages, which arrive as `message` events.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const handleMessage = (message: MessageEvent<string>) => {
      const event = parseLiveEvent(message.data);
      for (const queryKey of event?.queryKeys ?? []) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };

    const connect = () => {
      const current = new EventSource('/api/events', { withCredentials: true });
      source = current;
      current.addEventListener('message', handleMessage);
      current.addEventListener('open', () => {
        // A fresh EventSource cannot resume with Last-Event-ID, so anything may have changed.
        if (failures > 0) void queryClient.invalidateQueries();
        failures = 0;
      });
      current.addEventListener('error', () => {
        // The browser reconnects dropped streams itself (resuming by Last-Event-ID) but gives up
        // for good on an HTTP error, e.g. a 502 while the server restarts: retry with backoff.
        if (current.readyState !== EventSource.CLOSED) return;
        failures += 1;
        retryTimer = setTimeout(connect, Math.min(MAX_RETRY_DELAY_MS, 1_000 * 2 ** failures));
      });
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
