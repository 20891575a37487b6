import type { RateLimitRepository } from './rate-limit.repository';

/** A pace unused this long is pruned with the ended limit windows (rate-limit-prune.ts). */
const KEPT_IDLE_MS = 60 * 60 * 1000;

/**
 * A pace that every process keeps together: requests to one SMS gateway spaced `gapMs` apart
 * however many workers send, since the gateway counts requests per account, not per worker. Each
 * turn is reserved in one statement (rate_limits, bucket `pace:<name>`), so two workers never get
 * the same one. Real time, not the app clock: it decides how long to sleep.
 */
export class SharedPace {
  constructor(private readonly repo: RateLimitRepository) {}

  /** Waits for this caller's turn. */
  async turn(name: string, gapMs: number): Promise<void> {
    const now = Date.now();
    const at = await this.repo.reserveTurn(`pace:${name}`, now, gapMs, now + KEPT_IDLE_MS);
    const wait = at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** No turn before `until`, for anyone (the gateway asked for a pause). */
  async holdOff(name: string, until: number): Promise<void> {
    await this.repo.holdOff(`pace:${name}`, Math.ceil(until));
  }
}
