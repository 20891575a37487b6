import { type LiveEventMessage, liveEventsEndpoint, RESOURCES, type StaleResource } from '@batchwise/domain';

/** A server-sent live update: which cached data went stale (contracts/live-events.ts). */
export type LiveEvent = Omit<LiveEventMessage, 'data'>;

function isStale(value: unknown): value is StaleResource {
  if (typeof value !== 'object' || value === null) return false;
  const { resource, params } = value as Record<string, unknown>;
  if (!(RESOURCES as readonly unknown[]).includes(resource)) return false;
  if (params === undefined) return true;
  return (
    typeof params === 'object' &&
    params !== null &&
    Object.values(params).every((part) => typeof part === 'string')
  );
}

/**
 * Parses one SSE `data:` payload; anything malformed is dropped, never thrown into React. Checked
 * by hand rather than with the zod schema: the static marketing pages use this file, and zod
 * would outweigh their whole script budget.
 */
export function parseLiveEvent(data: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, stale } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !type) return null;
  return Array.isArray(stale) ? { type, stale: stale.filter(isStale) } : { type };
}

const MAX_RETRY_DELAY_MS = 60_000;

export interface LiveEventHandlers {
  onEvent: (event: LiveEvent) => void;
  /** The stream came back after failing: events may have been missed, so refresh everything. */
  onReconnect: () => void;
}

/**
 * Listens on `/api/events` until the returned function is called. Plain DOM code, so static
 * marketing pages use it without React (use-live-updates.ts is the app's hook around it). The
 * server sends plain (unnamed) SSE messages, which arrive as `message` events.
 */
export function connectLiveEvents({ onEvent, onReconnect }: LiveEventHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = () => {
    const current = new EventSource(liveEventsEndpoint.path, { withCredentials: true });
    source = current;
    current.addEventListener('message', (message: MessageEvent<string>) => {
      const event = parseLiveEvent(message.data);
      if (event) onEvent(event);
    });
    current.addEventListener('open', () => {
      // A fresh EventSource cannot resume with Last-Event-ID, so anything may have changed.
      if (failures > 0) onReconnect();
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
}

/**
 * Calls `start` a moment after the page has loaded: a stream opened during the first load would
 * compete with the page's own requests on slow networks. Returns a function that cancels it.
 */
export function afterPageLoad(start: () => void, delayMs = 1_500): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handleLoad = () => {
    timer = setTimeout(start, delayMs);
  };
  if (document.readyState === 'complete') handleLoad();
  else window.addEventListener('load', handleLoad, { once: true });
  return () => {
    window.removeEventListener('load', handleLoad);
    clearTimeout(timer);
  };
}
