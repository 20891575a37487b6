import crypto from 'node:crypto';
import { failure } from '../../lib/errors';

/**
 * Seals merchant credentials at rest (the fees and payments capability: "each account with its own merchant credentials
 * stored encrypted"): AES-256-GCM with the key from PAYMENT_SECRETS_KEY, a fresh 12-byte nonce
 * per seal, the account id as additional data so a sealed blob copied to another account does not
 * open there. Format: `v1.<nonce>.<tag>.<ciphertext>`, each base64url. Without a key (production
 * without PAYMENT_SECRETS_KEY) nothing is sealed and nothing opens.
 */
export class SecretBox {
  constructor(private readonly key: Buffer | undefined) {
    if (key && key.length !== 32) throw new Error('The payment secrets key must be 32 bytes');
  }

  /** Whether a key is set: without one nothing can be sealed. */
  get ready(): boolean {
    return this.key !== undefined;
  }

  seal(plain: unknown, accountId: string): string {
    if (!this.key) throw failure(503, 'PAY_SECRETS_KEY_MISSING');
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(accountId));
    const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
    const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return `v1.${parts.join('.')}`;
  }

  /** The sealed value, or undefined when it does not open (another key, another account, tampered). */
  open<T>(sealed: string, accountId: string): T | undefined {
    const [version, nonce, tag, body] = sealed.split('.');
    if (!this.key || version !== 'v1' || !nonce || !tag || body === undefined) return undefined;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(accountId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }
}
