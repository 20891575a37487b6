import type { ServerResponse } from 'node:http';
import type { EventBus, LiveEvent } from './event-bus';
import { RECHECK } from './session-ends';

/**
 * The channels the stream's caller may listen to now, or undefined when its session has ended
 * or it may no longer listen at all. Reads the database (or a cache that ends with the tables it
 * came from), so it sees what any process changed.
 */
export type AccessCheck = () => Promise<string[] | undefined>;

// A tab that stops reading (asleep, a stalled proxy) must not make the server hold its events.
const MAX_BUFFERED_BYTES = 1024 * 1024;

function frame(event: Pick<LiveEvent, 'type' | 'stale' | 'data'> & { id?: string }): string {
  const { id, type, stale, data } = event;
  const payload = `event: message\ndata: ${JSON.stringify({ type, stale, data })}\n\n`;
  return id ? `id: ${id}\n${payload}` : payload;
}

interface StreamOptions {
  res: ServerResponse;
  bus: EventBus;
  /** What the caller may listen to when the stream opens. */
  channels: string[];
  /** Channels that only wake the stream up (session-ends.ts); their events never reach the browser. */
  wakeChannels: string[];
  /** How to check the caller again; absent for a stream that is not signed in (public only). */
  check?: AccessCheck;
  lastEventId?: string;
  heartbeatMs: number;
  onEnd: () => void;
  onError: (err: unknown) => void;
}

/**
 * One open Server-Sent Events response. A signed-in stream checks its caller again before it
 * delivers anything private, on every heartbeat, and when woken because a session ended: a
 * signed-out, revoked or disabled session's stream ends, and a channel the caller may no longer
 * see stops being delivered. Events wait in order while a check runs; every event that arrived
 * before a check started is delivered only by what that check allowed.
 */
export class LiveStream {
  private channels: Set<string>;
  private unsubscribe: () => void;
  private readonly pending: LiveEvent[] = [];
  private draining = false;
  private recheckDue = false;
  private ended = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: StreamOptions) {
    const { res, bus, channels, lastEventId } = options;
    this.channels = new Set(channels);
    res.write('retry: 3000\n\n');
    if (lastEventId) {
      for (const event of bus.replay(channels, lastEventId)) {
        if (event.type !== RECHECK) res.write(frame(event));
      }
    }
    this.unsubscribe = this.subscribe();
    this.heartbeat = setInterval(() => {
      this.write(': ping\n\n');
      if (options.check) this.wake();
    }, options.heartbeatMs);
  }

  /** Ends the response; when the session ended, tells the tab to look at its session first. */
  end(sessionEnded = false): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.pending.length = 0;
    const { res } = this.options;
    if (sessionEnded && !res.destroyed)
      res.write(frame({ type: 'session.ended', stale: [{ resource: 'session' }] }));
    res.end();
    this.options.onEnd();
  }

  private subscribe(): () => void {
    return this.options.bus.subscribe([...this.channels, ...this.options.wakeChannels], this.receive);
  }

  private readonly receive = (event: LiveEvent): void => {
    if (this.ended) return;
    if (event.type === RECHECK) {
      if (this.options.check) this.wake();
      return;
    }
    // Public events carry nothing private and the tab may have them signed in or not: they need
    // no check, but keep their place behind events that wait for one.
    if (!this.options.check || (event.channel === 'public' && !this.draining && this.pending.length === 0)) {
      this.deliver(event);
      return;
    }
    this.pending.push(event);
    this.drain();
  };

  private wake(): void {
    this.recheckDue = true;
    this.drain();
  }

  private drain(): void {
    if (this.draining || this.ended) return;
    this.draining = true;
    void this.run().catch(this.options.onError);
  }

  private async run(): Promise<void> {
    try {
      while (!this.ended && (this.pending.length > 0 || this.recheckDue)) {
        const batch = this.pending.splice(0);
        if (this.recheckDue || batch.some((event) => event.channel !== 'public')) {
          this.recheckDue = false;
          if (!(await this.recheck())) return;
        }
        for (const event of batch) this.deliver(event);
      }
    } finally {
      // In the same turn as the last look at the queue: an event arriving later starts a new run.
      this.draining = false;
    }
  }

  /** Whether the stream goes on; moves its subscription to the channels the caller may see now. */
  private async recheck(): Promise<boolean> {
    let allowed: string[] | undefined;
    try {
      allowed = await this.options.check!();
    } catch (err) {
      // Unable to tell is not allowed: the tab reconnects and is checked afresh.
      this.options.onError(err);
      this.end();
      return false;
    }
    if (this.ended) return false;
    if (!allowed) {
      this.end(true);
      return false;
    }
    const same = allowed.length === this.channels.size && allowed.every((c) => this.channels.has(c));
    if (!same) {
      this.unsubscribe();
      this.channels = new Set(allowed);
      this.unsubscribe = this.subscribe();
      // The tab's list of accounts changed too.
      this.write(frame({ type: 'access.changed', stale: [{ resource: 'session' }] }));
    }
    return true;
  }

  private deliver(event: LiveEvent): void {
    if (this.channels.has(event.channel)) this.write(frame(event));
  }

  private write(chunk: string): void {
    const { res } = this.options;
    if (this.ended || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    res.write(chunk);
  }
}
