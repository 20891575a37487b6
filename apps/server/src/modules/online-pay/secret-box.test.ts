import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { SecretBox } from './secret-box';

// Merchant credentials at rest and in logs (the fees and payments capability: "stored encrypted"; "never reach the logs").

describe('SecretBox', () => {
  const box = new SecretBox(crypto.randomBytes(32));
  const secret = { storeId: 'store01', storePassword: 'p@ss' };

  it('opens what it sealed for the same account only, and nothing tampered', () => {
    const sealed = box.seal(secret, 'acc1');
    expect(sealed).not.toContain('p@ss');
    expect(box.seal(secret, 'acc1')).not.toBe(sealed);
    expect(box.open(sealed, 'acc1')).toEqual(secret);
    expect(box.open(sealed, 'acc2')).toBeUndefined();
    expect(new SecretBox(crypto.randomBytes(32)).open(sealed, 'acc1')).toBeUndefined();
    const [v, n, t, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(box.open([v, n, t, flipped.toString('base64url')].join('.'), 'acc1')).toBeUndefined();
  });

  it('without a key (production without PAYMENT_SECRETS_KEY) refuses to seal and opens nothing', () => {
    const keyless = new SecretBox(undefined);
    expect(() => keyless.seal(secret, 'acc1')).toThrow(AppError);
    try {
      keyless.seal(secret, 'acc1');
    } catch (err) {
      expect(err).toMatchObject({ status: 503, code: 'PAY_SECRETS_KEY_MISSING' });
    }
    expect(keyless.open(box.seal(secret, 'acc1'), 'acc1')).toBeUndefined();
  });
});

describe('the logger', () => {
  it('redacts credentials a log call is handed by accident', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ log: { level: 'info', pretty: false } }, sink);
    log.info(
      {
        body: { sslcommerz: { storePassword: 'p@ss' }, bkash: { appSecret: 'sec-3', password: 'pw-4' } },
        form: { store_passwd: 'p@ss' },
      },
      'settings',
    );
    expect(lines.join('')).toContain('settings');
    expect(lines.join('')).not.toMatch(/p@ss|sec-3|pw-4/);
  });
});
