import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';
import { tooMany } from '../../lib/errors';
import { isFirebasePasswordHash, verifyFirebasePassword } from './firebase-password';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1. */
export const OWASP_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * At most `maxRunning` tasks at once, `maxWaiting` more in line; beyond that it refuses at once
 * rather than queueing without bound.
 */
export class WorkGate {
  private running = 0;
  private readonly line: (() => void)[] = [];
  /** The most tasks ever seen running at once (an outcome tests and operators can read). */
  peak = 0;

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  get waiting(): number {
    return this.line.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) this.running++;
    else if (this.line.length < this.maxWaiting) {
      // The finishing task hands its place straight over, so `running` never goes past the bound.
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      // A second is a fair guess at how long the line takes to move on.
      throw tooMany('PASSWORD_CHECK_BUSY', 1000);
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * scrypt runs on libuv's thread pool (4 threads by default), the same threads that read files
 * and resolve names. Unbounded, a burst of anonymous sign-ins holds every thread for ~100 ms
 * per hash with 128 MiB each, and static files wait behind them (OWASP Denial of Service Cheat
 * Sheet: bound expensive work per process). Two at a time leaves the pool threads for I/O;
 * a short line absorbs bursts, and anything beyond it is refused with 429 at once.
 */
export const passwordHashing = new WorkGate(2, 32);

/**
 * `scrypt$N$r$p$salt$hash` (base64url). The parameters travel with the hash, so raising the cost
 * later still verifies old hashes.
 */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await passwordHashing.run(() =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }),
  );
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  // Brought from the original product's Firebase Auth: checked its way, then rehashed (needsRehash).
  if (isFirebasePasswordHash(stored))
    return passwordHashing.run(() => verifyFirebasePassword(password, stored));
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64url');
  const actual = await passwordHashing.run(() =>
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
      ...cost,
      maxmem: 256 * cost.N * cost.r,
    }),
  );
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * Whether a hash was made with a lower cost than today's, or by Firebase, so it should be re-hashed
 * at sign-in.
 */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  if (isFirebasePasswordHash(stored)) return true;
  const [, n, r, p] = stored.split('$');
  return Number(n) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

let common: Set<string> | undefined;

/** One of the ~49,000 most common passwords (the zxcvbn list), compared without case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}
