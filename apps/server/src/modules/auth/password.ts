import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';

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
 * `scrypt$N$r$p$salt$hash` (base64url). The parameters travel with the hash, so raising the cost
 * later still verifies old hashes.
 */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...cost,
    maxmem: 256 * cost.N * cost.r,
  });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...cost,
    maxmem: 256 * cost.N * cost.r,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Whether a hash was made with a lower cost than today's, so it should be re-hashed at sign-in. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

let common: Set<string> | undefined;

/** One of the ~49,000 most common passwords (the zxcvbn list), compared without case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}
