import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeIn, sentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { AUTH_LIMITS } from './auth.limits';
import { DEVICE_COOKIE } from './known-devices';

const DAY = 24 * 3_600_000;
const MINUTE = 60_000;
let day = 0;

/**
 * Strangers trying to keep an owner out (IDENTITY.md "Abuse limits"): asking for the owner's
 * codes, guessing them, and guessing the password from many addresses, also from the owner's
 * own (a carrier address is shared). The owner still signs in.
 */
describe.each(DIALECTS)('no lockout by strangers [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let net = 0;
  const addresses = () => {
    net++;
    return (host: number) => `10.${100 + net}.${dialect === 'sqlite' ? 1 : 2}.${host}`;
  };
  const freshDay = () => ctx.deps.clock.set(Date.UTC(2032, 0, 1) + ++day * DAY + MINUTE);
  const post = (ip: string, url: string, payload: object, device?: string) =>
    new TestClient(ctx.app).request({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      ...(device ? { headers: { cookie: `${DEVICE_COOKIE}=${device}` } } : {}),
    });
  const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
  const newestCode = async (phone: string) => codeIn((await sentTo(ctx.deps, 'sms', phone))[0]?.body);

  describe('phone codes', () => {
    it('five strangers asking for codes do not stop the owner signing in within the backoff', async () => {
      freshDay();
      const ip = addresses();
      const phone = (await signUp(ctx.app, ctx.deps)).input.phone;
      const owner = ip(7);
      expect((await post(owner, '/api/auth/phone/code', { phone })).statusCode).toBe(200);
      const ownersCode = await newestCode(phone);

      // Five strangers, three requests each, for an hour: never more than the phone's backoff
      // lets through, and every refusal a short wait.
      const waits: number[] = [];
      for (let minute = 0; minute < 60; minute += 2) {
        for (let s = 1; s <= 5; s++) {
          const res = await post(ip(100 + s), '/api/auth/phone/code', { phone });
          // A stranger's own address runs out of asks (CODE_TOO_MANY_REQUESTS); the phone's
          // backoff (CODE_RECENTLY_SENT) only ever asks for a short wait.
          if (res.statusCode === 429) {
            expect(res.json().error.code).toMatch(/^CODE_(RECENTLY_SENT|TOO_MANY_REQUESTS)$/);
            if (res.json().error.code === 'CODE_RECENTLY_SENT')
              waits.push(Number(res.headers['retry-after']));
          }
        }
        if (minute === 0) {
          // The owner's own code is not cancelled by the ones strangers asked for since.
          expect((await post(owner, '/api/auth/phone/verify', { phone, code: ownersCode })).statusCode).toBe(
            200,
          );
        }
        ctx.deps.clock.advance(2 * MINUTE);
      }
      expect(waits.length).toBeGreaterThan(0);
      expect(Math.max(...waits)).toBeLessThanOrEqual(5 * 60);

      // At any moment the owner either gets a code or is told to wait at most five minutes, and
      // the newest code on the phone (whoever asked for it) signs in.
      const asked = await post(owner, '/api/auth/phone/code', { phone });
      if (asked.statusCode === 429) {
        expect(asked.json().error.code).toBe('CODE_RECENTLY_SENT');
        expect(Number(asked.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
      } else expect(asked.statusCode).toBe(200);
      const code = await newestCode(phone);
      expect((await post(owner, '/api/auth/phone/verify', { phone, code })).statusCode).toBe(200);
      // SMS to the phone stayed few: about one per backoff step.
      expect((await sentTo(ctx.deps, 'sms', phone)).length).toBeLessThan(20);
    });

    it('wrong codes count against the codes they were tried on, not against the phone', async () => {
      freshDay();
      const ip = addresses();
      const phone = (await signUp(ctx.app, ctx.deps)).input.phone;
      expect((await post(ip(7), '/api/auth/phone/code', { phone })).statusCode).toBe(200);
      const first = await newestCode(phone);
      const wrong = first === '000000' ? '000001' : '000000';
      const guesses = [];
      for (let i = 0; i < 6; i++) {
        guesses.push(
          (await post(ip(66), '/api/auth/phone/verify', { phone, code: wrong })).json().error.code,
        );
      }
      expect(guesses).toEqual([
        ...Array(4).fill('CODE_INVALID'),
        'CODE_TOO_MANY_ATTEMPTS',
        'CODE_TOO_MANY_ATTEMPTS',
      ]);
      // That code is spent; the next one sent to the phone has its own five tries.
      expect((await post(ip(7), '/api/auth/phone/code', { phone })).statusCode).toBe(200);
      const second = await newestCode(phone);
      expect((await post(ip(7), '/api/auth/phone/verify', { phone, code: second })).statusCode).toBe(200);
    });
  });

  describe('passwords', () => {
    it('wrong passwords from strangers do not stop the owner on a known device', async () => {
      freshDay();
      const ip = addresses();
      const { input } = await signUp(ctx.app, ctx.deps);
      const signIn = (from: string, password: string, device?: string) =>
        post(from, '/api/auth/sign-in', { email: input.email, password }, device);
      const home = ip(7);
      const first = await signIn(home, input.password);
      expect(first.statusCode).toBe(200);
      const device = deviceOf(first)!;
      expect(device).toBeTruthy();
      expect(first.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
        httpOnly: true,
        path: '/api/auth',
      });

      // Ten wrong passwords from the owner's own (shared) address, then enough from others to
      // fill the account's ceiling.
      for (let i = 0; i < 10; i++) await signIn(home, `stranger guess ${i}`);
      const spread = Math.ceil(AUTH_LIMITS.signInFailuresPerAccount.max / 3) + 1;
      for (let a = 1; a <= spread; a++) {
        for (let i = 0; i < 3; i++) await signIn(ip(100 + a), `stranger guess ${a}-${i}`);
      }
      // A browser without the cookie is held up, at the owner's address and at any other…
      expect((await signIn(home, input.password)).statusCode).toBe(429);
      expect((await signIn(ip(250), input.password)).statusCode).toBe(429);
      // …while the owner's browser signs in, and keeps its cookie.
      const owner = await signIn(home, input.password, device);
      expect(owner.statusCode).toBe(200);
      expect(deviceOf(owner)).toBe(device);

      // The cookie names one account: it lets no one past another account's limits.
      const other = await signUp(ctx.app, ctx.deps);
      for (let i = 0; i < 3; i++) {
        await post(home, '/api/auth/sign-in', { email: other.input.email, password: `guess ${i}` }, device);
      }
      const elsewhere = await post(
        home,
        '/api/auth/sign-in',
        { email: other.input.email, password: other.input.password },
        device,
      );
      expect(elsewhere.statusCode).toBe(429);
    });

    it('a known device still slows its own wrong guesses', async () => {
      freshDay();
      const ip = addresses();
      const { input } = await signUp(ctx.app, ctx.deps);
      const device = deviceOf(await post(ip(1), '/api/auth/sign-in', input))!;
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await post(ip(1), '/api/auth/sign-in', { email: input.email, password: `typo ${i}` }, device))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });

    it('after a password reset the new password is not held up by earlier guesses', async () => {
      freshDay();
      const ip = addresses();
      const { input } = await signUp(ctx.app, ctx.deps);
      const spread = Math.ceil(AUTH_LIMITS.signInFailuresPerAccount.max / 3) + 1;
      for (let a = 1; a <= spread; a++) {
        for (let i = 0; i < 3; i++) {
          await post(ip(100 + a), '/api/auth/sign-in', { email: input.email, password: `guess ${a}-${i}` });
        }
      }
      expect((await post(ip(7), '/api/auth/sign-in', input)).statusCode).toBe(429);

      expect((await post(ip(7), '/api/auth/password/forgot', { email: input.email })).statusCode).toBe(200);
      await ctx.deps.createWorker().drain();
      const mail = (await ctx.deps.outbox.listNewest('mail', 200)).find(
        (m) => m.to === input.email && m.subject === 'Reset your Batchwise password',
      )!;
      const token = /token=([\w-]+)/.exec(mail.body)![1]!;
      const password = 'a brand new passphrase';
      const reset = await post(ip(7), '/api/auth/password/reset', { token, password });
      expect(reset.statusCode).toBe(200);
      // The browser that reset it is now known; any other signs in too, the count having started again.
      expect(deviceOf(reset)).toBeTruthy();
      expect((await post(ip(8), '/api/auth/sign-in', { email: input.email, password })).statusCode).toBe(200);
      expect(
        (await post(ip(7), '/api/auth/sign-in', { email: input.email, password }, deviceOf(reset)))
          .statusCode,
      ).toBe(200);
    });
  });
});
