import type { MessageCode } from '@batchwise/domain';
import type { Clock } from '../../lib/clock';
import { tooMany } from '../../lib/errors';
import type { RateLimitRepository } from './rate-limit.repository';

export interface Limit {
  /** what is limited, e.g. `sign-in:ip` */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Exponential backoff (OWASP Authentication Cheat Sheet, "Login Throttling"): `free` tries at
 * once, then each further try waits `firstDelayMs`, doubling up to `maxDelayMs`. Tries are
 * forgotten when the `windowMs` window ends, or at once when `clear`ed (a success).
 */
export interface Backoff {
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** A slot taken from a limit's window, to give back if the attempt turns out not to count. */
export interface Slot {
  bucket: string;
  windowStart: number;
}

/** How long to wait after `tries` tries, for each count until the longest wait is reached. */
export function backoffDelays(backoff: Backoff): number[] {
  if (!(backoff.firstDelayMs > 0)) throw new Error(`backoff ${backoff.name} needs a first delay`);
  const delays: number[] = [];
  for (let tries = 0; ; tries++) {
    const delay =
      tries < backoff.free
        ? 0
        : Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** (tries - backoff.free));
    if (delay >= backoff.maxDelayMs) return delays;
    delays.push(delay);
  }
}

/** Rows written before each kept its window's end are pruned once older than the longest window (a day) twice over. */
const LEGACY_ROWS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Fixed-window limits kept in the database, so every API process counts the same hits: a
 * brute-force attempt spread over several processes is still stopped. Every refusal is a 429
 * that says when to come back (`Retry-After`).
 */
export class RateLimiter {
  private readonly delays = new Map<string, number[]>();

  constructor(
    private readonly repo: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  private window(windowMs: number, now = this.clock.now()): number {
    return now - (now % windowMs);
  }

  private waitForWindow(limit: Limit, windowStart: number): number {
    return windowStart + limit.windowMs - this.clock.now();
  }

  /** Counts a hit; throws 429 with the catalogue message once the window's maximum is passed. */
  async consume(limit: Limit, key: string, code: MessageCode): Promise<void> {
    const { hits, resetInMs } = await this.count(limit.name, key, limit.windowMs);
    if (hits > limit.max) throw tooMany(code, resetInMs);
  }

  /**
   * Counts a hit in the current window of `windowMs` and says how many the window holds now and
   * when it ends. For callers that answer the refusal themselves (the HTTP limits, shared-store.ts).
   */
  async count(name: string, key: string, windowMs: number): Promise<{ hits: number; resetInMs: number }> {
    const now = this.clock.now();
    const windowStart = this.window(windowMs, now);
    const hits = await this.repo.hit(`${name}:${key}`, windowStart, windowStart + windowMs);
    return { hits, resetInMs: windowStart + windowMs - now };
  }

  /** Deletes the rows of ended windows (the scheduled prune job, rate-limit-prune.ts). */
  prune(): Promise<number> {
    const now = this.clock.now();
    return this.repo.prune(now, now - LEGACY_ROWS_KEPT_MS);
  }

  /**
   * Takes a slot before the work it guards, in one statement, so parallel requests cannot all
   * pass a check and then all do the work. Give the slot back when the attempt should not count
   * (a right password, an account actually created).
   */
  async take(limit: Limit, key: string, code: MessageCode): Promise<Slot> {
    const slot = { bucket: `${limit.name}:${key}`, windowStart: this.window(limit.windowMs) };
    if (
      !(await this.repo.take(slot.bucket, slot.windowStart, limit.max, slot.windowStart + limit.windowMs))
    ) {
      throw tooMany(code, this.waitForWindow(limit, slot.windowStart));
    }
    return slot;
  }

  async giveBack(slot: Slot): Promise<void> {
    await this.repo.giveBack(slot.bucket, slot.windowStart);
  }

  /**
   * Counts a try under a backoff, or refuses with the time left to wait (nothing counted). The
   * slot given back un-counts the try; the wait for the next one still starts now.
   */
  async takeAfterBackoff(backoff: Backoff, key: string, code: MessageCode): Promise<Slot> {
    const now = this.clock.now();
    const bucket = `${backoff.name}:${key}`;
    const windowStart = this.window(backoff.windowMs, now);
    const delays = this.delaysOf(backoff);
    const expiresAt = windowStart + backoff.windowMs;
    if (await this.repo.takeAfterDelay(bucket, windowStart, now, delays, backoff.maxDelayMs, expiresAt)) {
      return { bucket, windowStart };
    }
    const state = await this.repo.state(bucket, windowStart);
    const delay = delays[state?.hits ?? 0] ?? backoff.maxDelayMs;
    const wait = Math.min((state?.last_hit_at ?? now) + delay, windowStart + backoff.windowMs) - now;
    throw tooMany(code, wait);
  }

  /** Forgets the tries under a backoff (the right password was given). */
  async clearBackoff(backoff: Backoff, key: string): Promise<void> {
    await this.repo.reset(`${backoff.name}:${key}`, this.window(backoff.windowMs));
  }

  private delaysOf(backoff: Backoff): number[] {
    let delays = this.delays.get(backoff.name);
    if (!delays) {
      delays = backoffDelays(backoff);
      this.delays.set(backoff.name, delays);
    }
    return delays;
  }
}
