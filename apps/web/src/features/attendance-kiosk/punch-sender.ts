import { failureKind } from './kiosk-api';
import { BATCH_SIZE, type PunchAnswer, type QueuedPunch, retryDelay, settledIds } from './punch-queue';
import type { PunchStore } from './punch-store';

export interface SenderState {
  /** Punches of this kiosk stored and not yet settled by the server. */
  readonly waiting: number;
  /** False after a send failed for want of a network or a working server, until one succeeds. */
  readonly reachable: boolean;
  /** The server refused the kiosk's key: nothing will be sent until the page gets a valid one. */
  readonly keyRefused: boolean;
  /** Punches the server refused as malformed (never expected; counted, so it is visible). */
  readonly refused: number;
}

export interface SenderOptions {
  readonly store: PunchStore;
  readonly deviceKey: string;
  readonly post: (punches: readonly QueuedPunch[]) => Promise<PunchAnswer[]>;
  readonly onState: (state: SenderState) => void;
  /** Each punch the server settled, with its answer (the kiosk remembers who holds a code). */
  readonly onSettled?: (punch: QueuedPunch, answer: PunchAnswer) => void;
  readonly random?: () => number;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
}

type Waiter = (answer: PunchAnswer | null) => void;

/**
 * Sends a kiosk's stored punches to the server, oldest first, in batches, one request at a time.
 * A punch leaves the store only once the server has answered for it, so a
 * lost answer means a resend, which the server recognises by the client id. Failed sends retry
 * with backoff; `wake()` (a new scan, the browser going online, the page loading) tries at once.
 */
export class PunchSender {
  private readonly options: SenderOptions;
  private state: SenderState = { waiting: 0, reachable: true, keyRefused: false, refused: 0 };
  private running = false;
  private again = false;
  private stopped = false;
  private failures = 0;
  private batchSize = BATCH_SIZE;
  private timer: unknown = null;
  private readonly waiters = new Map<string, Waiter[]>();

  constructor(options: SenderOptions) {
    this.options = options;
  }

  get current(): SenderState {
    return this.state;
  }

  /** Sends now, cancelling a pending backoff; a send in progress is followed by another pass. */
  wake(): void {
    if (this.stopped || this.state.keyRefused) return;
    this.cancelTimer();
    void this.run();
  }

  /** A fresh start after the browser says it is online again: forget the backoff. */
  online(): void {
    this.failures = 0;
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    for (const waiters of this.waiters.values()) for (const resolve of waiters) resolve(null);
    this.waiters.clear();
  }

  /** The server's answer for one punch, or null if none came within `timeoutMs`. */
  answerFor(clientId: string, timeoutMs: number): Promise<PunchAnswer | null> {
    return new Promise((resolve) => {
      const setTimer = this.options.setTimer ?? setTimeout;
      const clearTimer = this.options.clearTimer ?? ((t: unknown) => clearTimeout(t as number));
      let done = false;
      const finish: Waiter = (answer) => {
        if (done) return;
        done = true;
        clearTimer(timer);
        resolve(answer);
      };
      const timer = setTimer(() => {
        const list = this.waiters.get(clientId) ?? [];
        this.waiters.set(
          clientId,
          list.filter((waiter) => waiter !== finish),
        );
        finish(null);
      }, timeoutMs);
      this.waiters.set(clientId, [...(this.waiters.get(clientId) ?? []), finish]);
    });
  }

  /** Re-reads the count of waiting punches (after a scan was stored). */
  async refreshCount(): Promise<void> {
    this.update({ waiting: await this.options.store.count(this.options.deviceKey) });
  }

  private update(change: Partial<SenderState>): void {
    this.state = { ...this.state, ...change };
    this.options.onState(this.state);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.options.clearTimer ?? ((t: unknown) => clearTimeout(t as number)))(this.timer);
    this.timer = null;
  }

  private scheduleRetry(): void {
    this.failures += 1;
    const delay = retryDelay(this.failures, this.options.random);
    this.cancelTimer();
    this.timer = (this.options.setTimer ?? setTimeout)(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.sendAll();
      } while (this.again && !this.stopped && !this.state.keyRefused && this.timer === null);
    } finally {
      this.running = false;
      if (!this.stopped) await this.refreshCount().catch(() => undefined);
    }
  }

  /** Sends batch after batch until the store is empty or a send fails. */
  private async sendAll(): Promise<void> {
    const { store, deviceKey, post } = this.options;
    while (!this.stopped) {
      const batch = await store.oldest(deviceKey, this.batchSize);
      this.update({ waiting: await store.count(deviceKey) });
      if (batch.length === 0) return;
      let answers: PunchAnswer[];
      try {
        answers = await post(batch);
      } catch (error) {
        const kind = failureKind(error);
        if (kind === 'key') {
          this.update({ keyRefused: true });
          this.release(batch);
          return;
        }
        if (kind === 'refused') {
          await this.handleRefused(batch);
          continue;
        }
        this.update({ reachable: false });
        // A scan waiting for its answer hears at once that it will be sent later.
        this.release(batch);
        this.scheduleRetry();
        return;
      }
      this.failures = 0;
      this.batchSize = BATCH_SIZE;
      this.update({ reachable: true });
      const settled = settledIds(batch, answers);
      await store.remove(settled);
      const byId = new Map(batch.map((punch) => [punch.clientId, punch]));
      for (const answer of answers) {
        const punch = byId.get(answer.clientId);
        if (punch) this.options.onSettled?.(punch, answer);
        this.deliver(answer);
      }
      if (settled.length === 0) {
        // An answer that settles nothing would send the same batch forever: wait and try again.
        this.scheduleRetry();
        return;
      }
    }
  }

  /**
   * A batch the server calls malformed: halve the batch until the one bad punch is alone, then
   * drop it (the server will never take it) so it cannot hold up the punches behind it.
   */
  private async handleRefused(batch: readonly QueuedPunch[]): Promise<void> {
    if (batch.length > 1) {
      this.batchSize = Math.max(1, Math.floor(batch.length / 2));
      return;
    }
    const [bad] = batch;
    if (!bad) return;
    await this.options.store.remove([bad.clientId]);
    this.update({ refused: this.state.refused + 1 });
    this.deliver({ clientId: bad.clientId, outcome: 'unknown' });
  }

  /** Tells the scans waiting on these punches that no answer is coming now. */
  private release(batch: readonly QueuedPunch[]): void {
    for (const punch of batch) {
      const waiters = this.waiters.get(punch.clientId);
      if (!waiters) continue;
      this.waiters.delete(punch.clientId);
      for (const resolve of waiters) resolve(null);
    }
  }

  private deliver(answer: PunchAnswer): void {
    const waiters = this.waiters.get(answer.clientId);
    if (!waiters) return;
    this.waiters.delete(answer.clientId);
    for (const resolve of waiters) resolve(answer);
  }
}
