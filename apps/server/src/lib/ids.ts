import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/**
 * ulid's own generator asks the system for one random byte per character (16 calls an id, about
 * 5% of a drawer save's CPU); one call fills a pool for hundreds of ids instead. Still the
 * operating system's cryptographic randomness: ids must not be guessable.
 */
const pool = new Uint8Array(4096);
let used = pool.length;
function randomFraction(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]! / 256;
}

const next = monotonicFactory(randomFraction);

/**
 * Application-generated ids: ULIDs are time-sortable, URL-safe and unique across processes, so
 * rows can be created on any API node without a database sequence.
 */
export function newId(now = Date.now()): string {
  return next(now);
}

/**
 * Whether a value could be one of our ids. Hooks that read a path's id before the route validates
 * it (the suspension guard, the account errors) skip anything else: PostgreSQL refuses a NUL in
 * text, and such a path never names a row.
 */
export function looksLikeId(value: unknown): value is string {
  return typeof value === 'string' && /^[\w-]{1,100}$/.test(value);
}

/** The account a request's path names (`:accountId`), when it looks like an id. */
export function accountInPath(params: unknown): string | undefined {
  const param = (params as { accountId?: unknown } | undefined)?.accountId;
  return looksLikeId(param) ? param : undefined;
}
