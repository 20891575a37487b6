import type { MessageCode } from '@batchwise/domain';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { RateLimitRepository } from './rate-limit.repository';

export interface Limit {
  /** what is limited, e.g. `sign-in:ip` */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window limits kept in the database, so every API process counts the same hits: a
 * brute-force attempt spread over several processes is still stopped.
 */
export class RateLimiter {
  constructor(
    private readonly repo: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  private window(limit: Limit): number {
    const now = this.clock.now();
    return now - (now % limit.windowMs);
  }

  /** Counts a hit; throws 429 with the catalogue message once the window's maximum is passed. */
  async consume(limit: Limit, key: string, code: MessageCode): Promise<void> {
    const hits = await this.repo.hit(`${limit.name}:${key}`, this.window(limit));
    if (hits > limit.max) throw failure(429, code);
  }

  /** Throws without counting when the window is already used up (for checks before work). */
  async check(limit: Limit, key: string, code: MessageCode): Promise<void> {
    const hits = await this.repo.count(`${limit.name}:${key}`, this.window(limit));
    if (hits >= limit.max) throw failure(429, code);
  }

  async reset(limit: Limit, key: string): Promise<void> {
    await this.repo.reset(`${limit.name}:${key}`, this.window(limit));
  }
}
