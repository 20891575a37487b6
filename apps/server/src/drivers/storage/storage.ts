import type { Readable } from 'node:stream';

/** A byte range of a stored object, both ends inclusive (an HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  /** Omitted: to the end of the object. */
  end?: number;
}

export interface StoredObject {
  body: Readable;
  /** Size of the whole object, whatever range was asked for. */
  size: number;
  /** The bytes `body` holds when a range was asked for (`end` clamped to the object). */
  range?: { start: number; end: number };
}

/**
 * Where uploads live: local disk by default, or an S3-compatible bucket so API processes on
 * several machines share one store and stay stateless. Every upload goes through this interface;
 * nothing else reads or writes the files themselves.
 */
export interface Storage {
  readonly name: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<{ key: string; size: number }>;
  /**
   * Moves a finished file of this machine's disk into storage under `key` (a resumable upload's
   * chunks, modules/uploads): the local driver renames it when it can, S3 streams it up. The file
   * is gone from `file` afterwards.
   */
  putFile(key: string, file: string, contentType: string): Promise<{ key: string; size: number }>;
  /** The object, or a byte range of it (for media players that seek); undefined when absent. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  head(key: string): Promise<{ size: number } | undefined>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (`''` for all), sorted, never a half-written one. */
  list(prefix: string): AsyncIterable<string>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  // Keys come from our own code, but a key with '..' or an absolute path must never reach the disk.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/** A list prefix is a key's beginning: empty, or safe up to an optional trailing slash. */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== '') assertSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** Checks a range against an object's size; undefined when it starts past the end. */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.start >= size) return undefined;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(end) || end < range.start) return undefined;
  return { start: range.start, end };
}

export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`Range not satisfiable for ${key} (${size} bytes)`);
  }
}
