/**
 * The deterministic pieces a synthetic Firebase export is made of: the same (seed, n) gives the
 * same uid, phone and date on every machine, so a test can name records it never stored.
 */

import { formatDmy } from '@batchwise/domain';
import { seededRandom } from '../../apps/server/src/lib/seeded-random';

export type Json = Record<string, unknown>;

/** The subjects classrooms teach; report cards examine the first two. */
export const SUBJECTS = ['Higher Math', 'Physics', 'English 1st Paper'];

export const DAY = 86_400_000;
/** Every generated date counts from here (the original product's records are from 2024). */
export const BASE_TIME = Date.UTC(2024, 0, 1);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function chars(rng: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(rng() * ALPHABET.length)];
  return out;
}

/** A Firebase-style uid (28 characters), the same for (seed, role, n) wherever it is needed. */
export function uid(seed: number, role: string, n: number): string {
  const rng = seededRandom(seed * 7919 + n * 31 + role.charCodeAt(0));
  return `${role}${n}x${chars(rng, 26 - String(n).length)}`;
}

/** Ten national digits, unique per (prefix, n), written the ways people typed them. */
export function phone(prefix: string, n: number, style: number): string {
  const digits = `${prefix}${String(n).padStart(8, '0')}`;
  return [`+880${digits}`, `0${digits}`, digits, `880${digits}`][style % 4]!;
}

/**
 * A date as the original product's forms wrote it (DD-MM-YYYY), by the domain's writer given the
 * UTC calendar date: its Intl path for an instant costs ~85 µs a call, too slow for the millions
 * of dates a large export holds.
 */
export function ddmmyyyy(time: number): string {
  const d = new Date(time);
  return formatDmy({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}
