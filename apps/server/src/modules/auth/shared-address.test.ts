import { describe, expect, it } from 'vitest';
import { studentRow } from '../../seed/school-rows';
import { signUp, signUpInput, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeIn, sentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { AUTH_LIMITS, CODE_SEND_BACKOFF } from './auth.limits';

/**
 * Carrier-grade NAT (IDENTITY.md, "Limits for shared addresses"): Bangladesh's mobile operators
 * put many subscribers behind one public address, so what one address may do is sized for
 * hundreds of people, and the limits per e-mail and per phone do the protecting.
 */
describe.each(DIALECTS)('one carrier address shared by many [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const carrier = dialect === 'sqlite' ? '203.0.113.7' : '203.0.113.8';
  const post = (url: string, payload: object) =>
    new TestClient(ctx.app).request({ method: 'POST', url, payload, remoteAddress: carrier });

  it('lets 50 teachers sign up from one address within the hour', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 5, 1, 10, 0));
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await post('/api/auth/sign-up', signUpInput())).statusCode);
      ctx.deps.clock.advance(60_000);
    }
    expect(statuses).toEqual(Array(50).fill(200));
  });

  it('still keeps one phone from a flood of codes, from that address and from everywhere', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 5, 2, 10, 0));
    const { phone } = (await signUp(ctx.app, ctx.deps)).input;
    const fromCarrier: number[] = [];
    for (let i = 0; i < 10; i++) fromCarrier.push((await post('/api/auth/phone/code', { phone })).statusCode);
    const { max } = AUTH_LIMITS.codesPerPhoneFromIp;
    expect(fromCarrier).toEqual([...Array(max).fill(200), ...Array(10 - max).fill(429)]);

    // Spread over many addresses at once, the phone's own backoff holds (IDENTITY.md).
    const spread: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await new TestClient(ctx.app).request({
        method: 'POST',
        url: '/api/auth/phone/code',
        payload: { phone },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      spread.push(res.statusCode);
    }
    expect(spread.filter((status) => status === 200)).toHaveLength(CODE_SEND_BACKOFF.free - max);
    expect(await sentTo(ctx.deps, 'sms', phone)).toHaveLength(CODE_SEND_BACKOFF.free);
  });

  it('lets 100 families sign in by code from one address, while its wrong codes still stop', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 5, 4, 10, 0));
    const { accountId } = await signUp(ctx.app, ctx.deps);
    const phones = Array.from({ length: 100 }, () => uniquePhone());
    const now = ctx.deps.clock.now();
    await ctx.deps.db.kysely
      .insertInto('students')
      .values(
        phones.map((phone, i) => studentRow({ account_id: accountId, name: `Student ${i}`, phone }, now)),
      )
      .execute();
    for (const phone of phones) expect((await post('/api/auth/phone/code', { phone })).statusCode).toBe(200);
    await ctx.deps.createWorker().drain();
    const texts = await ctx.deps.outbox.listNewest('sms', 500);
    const signedIn: number[] = [];
    for (const phone of phones) {
      const code = codeIn(texts.find((text) => text.to === phone)?.body);
      signedIn.push((await post('/api/auth/phone/verify', { phone, code })).statusCode);
    }
    expect(signedIn).toEqual(Array(phones.length).fill(200));

    // Right codes gave their tries back; wrong ones count, whatever the phone.
    const { max } = AUTH_LIMITS.codeGuessesPerIp;
    const wrong: number[] = [];
    for (let i = 0; i <= max; i++)
      wrong.push((await post('/api/auth/phone/verify', { phone: uniquePhone(), code: '000000' })).statusCode);
    expect(wrong).toEqual([...Array(max).fill(401), 429]);
  });

  it('limits sign-up attempts naming one e-mail, whatever the address', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 5, 3, 10, 0));
    const input = signUpInput();
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.signUpPerEmail.max; i++) {
      const res = await new TestClient(ctx.app).request({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { ...input, phone: signUpInput().phone },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
