// Random identifiers (auto-login keys, photo keys, short codes). They must not be guessable, so
// they come from the platform CSPRNG, which browsers and Node 20+ both expose on globalThis.

interface CryptoLike {
  getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T;
}

function cryptoApi(): CryptoLike {
  const api = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!api || typeof api.getRandomValues !== 'function') {
    throw new Error('A Web Crypto getRandomValues implementation is required');
  }
  return api;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS = '0123456789';

// Rejection sampling: bytes at or above the largest multiple of the alphabet size are skipped,
// so every character is equally likely (a plain modulo would favour the first few).
function randomFrom(alphabet: string, length: number): string {
  const size = alphabet.length;
  const limit = 256 - (256 % size);
  let out = '';
  const api = cryptoApi();
  while (out.length < length) {
    const bytes = api.getRandomValues(new Uint8Array(Math.max(16, (length - out.length) * 2)));
    for (const byte of bytes) {
      if (byte < limit) out += alphabet[byte % size];
      if (out.length === length) break;
    }
  }
  return out;
}

function safeLength(length: number): number {
  return Number.isFinite(length) && length > 0 ? Math.floor(length) : 0;
}

/** Random letters and digits (A–Z, a–z, 0–9). */
export function randomId(length = 20): string {
  return randomFrom(ALPHANUMERIC, safeLength(length));
}

/**
 * Random digits. The first digit is never 0, so the id survives being stored or typed as a
 * number (spreadsheets drop leading zeros).
 */
export function randomNumericId(length = 6): string {
  const n = safeLength(length);
  if (n === 0) return '';
  return randomFrom(DIGITS.slice(1), 1) + randomFrom(DIGITS, n - 1);
}
