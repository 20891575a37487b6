import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  OWASP_SCRYPT,
  passwordHashing,
  verifyPassword,
  WorkGate,
} from './password';
import { digest, randomCode, randomToken, sameDigest } from './tokens';

const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('uses the OWASP scrypt parameters by default', async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    expect(loadConfig({}).passwordCost).toEqual(OWASP_SCRYPT);
    const hash = await hashPassword('মাছে ভাতে বাঙালি');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('মাছে ভাতে বাঙালি', hash)).toBe(true);
  });

  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('river and rain', FAST);
    const b = await hashPassword('river and rain', FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword('river and rain', a)).toBe(true);
    expect(await verifyPassword('river and rain!', a)).toBe(false);
    expect(await verifyPassword('river and rain', 'bcrypt$whatever')).toBe(false);
  });

  it('treats canonically equal Unicode the same (NFKC)', async () => {
    const hash = await hashPassword('ﬁsh and chips', FAST);
    expect(await verifyPassword('fish and chips', hash)).toBe(true);
  });

  it('asks to re-hash hashes made with a lower cost', async () => {
    const weak = await hashPassword('some password', FAST);
    expect(needsRehash(weak, OWASP_SCRYPT)).toBe(true);
    expect(needsRehash(weak, FAST)).toBe(false);
  });

  it.each(['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou'])('knows %j is common', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });

  it.each(['correct horse battery staple', 'আমার সোনার বাংলা'])('accepts %j as uncommon', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});

describe('bounded hashing', () => {
  it('runs at most two hashes at once and refuses at once beyond a short line', async () => {
    // Tasks of the test's own that record how many run together: the gate's bound as an outcome.
    const gate = new WorkGate(2, 4);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => gate.run(task)));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(14);
    expect(refused[0]!.reason).toMatchObject({
      status: 429,
      code: 'PASSWORD_CHECK_BUSY',
      retryAfterSeconds: 1,
    });
    // The line moves on: the gate takes new work once it is free again.
    await expect(gate.run(async () => 'done')).resolves.toBe('done');
  });

  it('puts every scrypt of the process through one gate of two', async () => {
    expect([passwordHashing.maxRunning, passwordHashing.maxWaiting]).toEqual([2, 32]);
    passwordHashing.peak = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => hashPassword(`password ${i}`, FAST)),
    );
    expect(passwordHashing.peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(34);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(26);
    expect(passwordHashing.waiting).toBe(0);
  });
});

describe('tokens and codes', () => {
  it('makes 256-bit URL-safe tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, randomToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
  });

  it('makes six-digit codes across the whole range', () => {
    const codes = Array.from({ length: 5000 }, randomCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(4900);
  });

  it('compares digests without revealing the stored value', () => {
    expect(sameDigest('123456', digest('123456'))).toBe(true);
    expect(sameDigest('123457', digest('123456'))).toBe(false);
    expect(digest('123456')).not.toContain('123456');
  });
});
