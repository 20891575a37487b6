import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from './rate-limit.service';

type Counted = { current: number; ttl: number };
/** What the plugin passes a store: the merged limit options, with the route they are for. */
type Options = { routeInfo?: { method?: string | string[]; url?: string } };

/** Windows known to be over their maximum, by bucket; forgotten as they end. */
interface FullWindows {
  get(bucket: string, now: number): Counted | undefined;
  set(bucket: string, endsAt: number, current: number): void;
}

const FULL_WINDOWS_KEPT = 10_000;

function fullWindows(): FullWindows {
  const windows = new Map<string, { endsAt: number; current: number }>();
  return {
    get(bucket, now) {
      const known = windows.get(bucket);
      if (!known) return undefined;
      if (known.endsAt <= now) {
        windows.delete(bucket);
        return undefined;
      }
      known.current += 1;
      return { current: known.current, ttl: known.endsAt - now };
    },
    set(bucket, endsAt, current) {
      if (windows.size >= FULL_WINDOWS_KEPT) windows.clear();
      windows.set(bucket, { endsAt, current });
    },
  };
}

/**
 * The store of every route limit declared with `config.rateLimit` (and `app.rateLimit`): the
 * database's `rate_limits` table through the RateLimiter, so every API process counts the same
 * hits and N processes allow a limit once, not N times. Each route counts under its own method
 * and path (as the plugin's own per-route stores did); a limit without a route (`app.rateLimit`)
 * names itself in its key.
 *
 * A window this process saw go over its maximum is refused here until it ends, without a write:
 * the shared count can only be higher, and a flood then costs the database nothing.
 */
export function sharedRateLimitStore(limiter: RateLimiter, clock: Clock): FastifyRateLimitStoreCtor {
  const full = fullWindows();
  const now = () => clock.now();

  class SharedStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: object) {
      const route = (options as Options).routeInfo;
      this.scope = route?.url ? `http:${[route.method ?? ''].flat().join(',')} ${route.url}` : 'http';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: Counted) => void,
      timeWindow: number,
      max: number,
    ) {
      const bucket = `${this.scope}:${key}`;
      const known = full.get(bucket, now());
      if (known) return callback(null, known);
      limiter.count(this.scope, key, timeWindow).then(({ hits, resetInMs }) => {
        if (hits > max) full.set(bucket, now() + resetInMs, hits);
        callback(null, { current: hits, ttl: resetInMs });
      }, callback);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedStore(routeOptions);
    }
  }
  return SharedStore;
}
