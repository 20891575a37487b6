import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/**
 * Application-generated ids: ULIDs are time-sortable, URL-safe and unique across processes, so
 * rows can be created on any API node without a database sequence.
 */
export function newId(now = Date.now()): string {
  return next(now);
}
