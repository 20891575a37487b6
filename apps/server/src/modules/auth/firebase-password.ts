import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** The project's password hash parameters (Firebase console → Authentication → Users → ⋮). */
export interface FirebaseHashParameters {
  /** base64_signer_key */
  readonly signerKey: string;
  /** base64_salt_separator */
  readonly saltSeparator: string;
  readonly rounds: number;
  readonly memCost: number;
}

const SCHEME = 'firebase-scrypt';

/**
 * A password hash brought from Firebase Auth, stored with everything needed to check it:
 * `firebase-scrypt$memCost$rounds$saltSeparator$signerKey$salt$hash` (standard base64, which has
 * no `$`). It lives only until the user's first sign-in, which rehashes it to ours.
 */
export function firebasePasswordHash(params: FirebaseHashParameters, salt: string, hash: string): string {
  return [SCHEME, params.memCost, params.rounds, params.saltSeparator, params.signerKey, salt, hash].join(
    '$',
  );
}

export function isFirebasePasswordHash(stored: string): boolean {
  return stored.startsWith(`${SCHEME}$`);
}

/**
 * Firebase's modified scrypt (firebase/scrypt README): the key is
 * scrypt(password, salt ‖ separator, N = 2^memCost, r = rounds, p = 1); the signer key encrypted
 * with its first 32 bytes by AES-256-CTR (zero IV) must equal the stored hash. Compared in
 * constant time.
 */
export async function verifyFirebasePassword(password: string, stored: string): Promise<boolean> {
  const [scheme, memCost, rounds, separator, signerKey, salt, hash] = stored.split('$');
  if (scheme !== SCHEME || !separator || !signerKey || !salt || !hash) return false;
  const N = 2 ** Number(memCost);
  const r = Number(rounds);
  const derived = await scrypt(
    password,
    Buffer.concat([Buffer.from(salt, 'base64'), Buffer.from(separator, 'base64')]),
    64,
    { N, r, p: 1, maxmem: 256 * N * r },
  );
  const cipher = crypto.createCipheriv('aes-256-ctr', derived.subarray(0, 32), Buffer.alloc(16));
  const actual = Buffer.concat([cipher.update(Buffer.from(signerKey, 'base64')), cipher.final()]);
  const expected = Buffer.from(hash, 'base64');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
