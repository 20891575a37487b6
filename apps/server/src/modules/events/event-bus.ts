import type { StaleResource } from '@batchwise/domain';
import { newId } from '../../lib/ids';

/**
 * A live update for browsers. `channel` decides who receives it (`public`, `user:{id}`,
 * `account:{id}` …); `stale` names the cached data the web app refetches (contracts/live-events.ts).
 */
export interface LiveEvent {
  id: string;
  channel: string;
  type: string;
  stale?: StaleResource[];
  data?: unknown;
}

export type LiveEventInput = Omit<LiveEvent, 'id'>;
export type Listener = (event: LiveEvent) => void;

export interface EventBus {
  publish(event: LiveEventInput): Promise<LiveEvent>;
  /** Listens to the given channels; returns the function that stops listening. */
  subscribe(channels: readonly string[], listener: Listener): () => void;
  /** Events after `lastId` on the given channels still held in memory, oldest first. */
  replay(channels: readonly string[], lastId: string): LiveEvent[];
  close(): Promise<void>;
}

/**
 * Fan-out to local subscribers plus a bounded history for Last-Event-ID resume. Both bus kinds
 * use it: the PostgreSQL bus feeds it from LISTEN so every process holds the same history.
 */
export class LocalFanout {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly history: LiveEvent[] = [];

  constructor(private readonly historySize = 500) {}

  deliver(event: LiveEvent): void {
    this.history.push(event);
    if (this.history.length > this.historySize) this.history.shift();
    for (const listener of this.listeners.get(event.channel) ?? []) {
      try {
        listener(event);
      } catch {
        // One broken subscriber must not stop delivery to the others.
      }
    }
  }

  subscribe(channels: readonly string[], listener: Listener): () => void {
    for (const channel of channels) {
      const set = this.listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      this.listeners.set(channel, set);
    }
    return () => {
      for (const channel of channels) {
        const set = this.listeners.get(channel);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(channel);
      }
    };
  }

  replay(channels: readonly string[], lastId: string): LiveEvent[] {
    // ULIDs sort by time, so "after lastId" is a string comparison.
    return this.history.filter((e) => e.id > lastId && channels.includes(e.channel));
  }
}

/** The SQLite (single-process) bus. */
export function createMemoryBus(): EventBus {
  const fanout = new LocalFanout();
  return {
    publish: async (input) => {
      const event = { ...input, id: newId() };
      fanout.deliver(event);
      return event;
    },
    subscribe: (channels, listener) => fanout.subscribe(channels, listener),
    replay: (channels, lastId) => fanout.replay(channels, lastId),
    close: async () => {},
  };
}
