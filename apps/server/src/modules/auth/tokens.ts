import crypto from 'node:crypto';

/** 256 bits from the system's secure generator, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A six-digit code, uniformly distributed. */
export function randomCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Tokens and codes are stored only as SHA-256 digests. */
export function digest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function sameDigest(value: string, storedDigest: string): boolean {
  const a = Buffer.from(digest(value));
  const b = Buffer.from(storedDigest);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
