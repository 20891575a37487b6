import { describe, expect, it } from 'vitest';
import { signUp, signUpInput, signUpLinkToken, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeIn, sentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { AUTH_LIMITS } from './auth.limits';
import { passwordHashing } from './password';

const DAY = 24 * 3_600_000;
let day = 0;

/**
 * Abuse of the public sign-in routes, each from its own addresses. The clock is fixed
 * at the start of a day per test, so no fixed window ends half-way through one.
 */
describe.each(DIALECTS)('sign-in abuse [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let net = 0;

  /** A fresh address range for a test: `ip(1)`, `ip(2)` … */
  const addresses = () => {
    net++;
    return (host: number) => `10.${net}.${dialect === 'sqlite' ? 1 : 2}.${host}`;
  };
  const freshDay = () => ctx.deps.clock.set(Date.UTC(2031, 0, 1) + ++day * DAY + 60_000);
  const post = (ip: string, url: string, payload: object) =>
    new TestClient(ctx.app).request({ method: 'POST', url, payload, remoteAddress: ip });
  const signIn = (ip: string, email: string, password: string) =>
    post(ip, '/api/auth/sign-in', { email, password });
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
  const outbox = (kind: 'sms' | 'mail', to: string) => sentTo(ctx.deps, kind, to);

  describe('password sign-in', () => {
    it('counts a guess before checking it: parallel guesses cannot outrun the backoff', async () => {
      freshDay();
      const ip = addresses();
      const { input } = await signUp(ctx.app, ctx.deps);
      const guesses = await Promise.all(
        Array.from({ length: 14 }, (_, i) => signIn(ip(1), input.email, `wrong guess ${i}`)),
      );
      const statuses = guesses.map((r) => r.statusCode);
      // Three tries are free; every other parallel guess was refused before its password was checked.
      expect(count(statuses, 401)).toBe(3);
      expect(count(statuses, 429)).toBe(11);
      const refused = guesses.find((r) => r.statusCode === 429)!;
      expect(refused.json().error.code).toBe('SIGN_IN_TOO_MANY');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('stops parallel guesses from one address at its limit, whatever the accounts', async () => {
      freshDay();
      const ip = addresses();
      for (let i = 0; i < 40; i++) {
        expect((await signIn(ip(1), `nobody-${i}@spray.test`, 'wrong guess')).statusCode).toBe(401);
      }
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(ip(1), `other-${i}@spray.test`, 'wrong guess')),
      );
      const statuses = guesses.map((r) => r.statusCode);
      expect(count(statuses, 401)).toBe(10);
      expect(count(statuses, 429)).toBe(10);
    });

    it('slows down the guessing address only: the owner signs in from another one', async () => {
      freshDay();
      const ip = addresses();
      const attacker = ip(66);
      const { input } = await signUp(ctx.app, ctx.deps);
      for (let i = 0; i < 3; i++)
        expect((await signIn(attacker, input.email, `guess ${i}`)).statusCode).toBe(401);
      // Even the right password waits at the guessing address…
      const held = await signIn(attacker, input.email, input.password);
      expect(held.statusCode).toBe(429);
      expect(held.json().error).toMatchObject({ code: 'SIGN_IN_TOO_MANY' });
      expect(held.headers['retry-after']).toBe('2');
      // …while the owner, elsewhere, is not held up at all.
      expect((await signIn(ip(7), input.email, input.password)).statusCode).toBe(200);

      // An hour of guessing as fast as allowed: the waits double, and one address gets nowhere
      // near the account's own ceiling (100 an hour), so the owner still gets in.
      const waits: number[] = [];
      let guesses = 3;
      const start = ctx.deps.clock.now();
      while (ctx.deps.clock.now() - start < 3_600_000) {
        const res = await signIn(attacker, input.email, `guess ${guesses}`);
        if (res.statusCode === 429) {
          waits.push(Number(res.headers['retry-after']));
          ctx.deps.clock.advance(Number(res.headers['retry-after']) * 1000);
        } else {
          expect(res.statusCode).toBe(401);
          guesses++;
        }
      }
      expect(waits.slice(0, 5)).toEqual([2, 4, 8, 16, 32]);
      expect(Math.max(...waits)).toBe(900);
      expect(guesses).toBeLessThan(20);
      expect((await signIn(ip(8), input.email, input.password)).statusCode).toBe(200);
    });

    it('refuses at once while the hasher is full, without counting a failure', async () => {
      freshDay();
      const ip = addresses();
      const { input } = await signUp(ctx.app, ctx.deps);
      let release!: () => void;
      const hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slots = passwordHashing.maxRunning + passwordHashing.maxWaiting;
      const held = Array.from({ length: slots }, () => passwordHashing.run(() => hold));
      try {
        for (let i = 0; i < 5; i++) {
          const busy = await signIn(ip(1), input.email, input.password);
          expect(busy.statusCode).toBe(429);
          expect(busy.json().error).toEqual({
            code: 'PASSWORD_CHECK_BUSY',
            message: 'Many people are signing in right now. Please try again in a few seconds.',
          });
          expect(busy.headers['retry-after']).toBe('1');
        }
      } finally {
        release();
        await Promise.all(held);
      }
      // Five refusals, none counted: a wrong guess still gets its free tries.
      for (let i = 0; i < 3; i++)
        expect((await signIn(ip(1), input.email, `guess ${i}`)).statusCode).toBe(401);
      expect(passwordHashing.peak).toBeLessThanOrEqual(passwordHashing.maxRunning);
    });
  });

  describe('phone codes', () => {
    it('one address asking for codes does not stop the owner signing in', async () => {
      freshDay();
      const ip = addresses();
      const phone = (await signUp(ctx.app, ctx.deps)).input.phone;
      const attacker = [];
      for (let i = 0; i < 4; i++) attacker.push(await post(ip(66), '/api/auth/phone/code', { phone }));
      expect(attacker.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(attacker[3]!.json().error.code).toBe('CODE_TOO_MANY_REQUESTS');
      expect(Number(attacker[3]!.headers['retry-after'])).toBeGreaterThan(0);

      // The phone's backoff answers the owner too, but only with a short wait: the codes the
      // attacker asked for went to the owner's phone, and any of them signs in.
      const owner = await post(ip(7), '/api/auth/phone/code', { phone });
      expect([owner.statusCode, owner.json().error.code, owner.headers['retry-after']]).toEqual([
        429,
        'CODE_RECENTLY_SENT',
        '60',
      ]);
      const sent = await outbox('sms', phone);
      expect(sent).toHaveLength(3);
      const code = codeIn(sent[0]!.body);
      expect((await post(ip(7), '/api/auth/phone/verify', { phone, code })).statusCode).toBe(200);
    });
  });

  describe('sign-up', () => {
    /** What a stranger sees of an answer: status, body and cookies (dates and ids aside). */
    const seen = (res: Awaited<ReturnType<typeof post>>) => ({
      status: res.statusCode,
      body: res.json(),
      cookies: res.cookies.map((c) => c.name),
      length: res.headers['content-length'],
    });
    const accountExistsNotices = async (email: string) =>
      (await outbox('mail', email)).filter((m) => m.subject === 'You already have a Batchwise account');

    it('answers alike for a registered and a new e-mail, and tells the owner by e-mail', async () => {
      freshDay();
      const ip = addresses();
      const owner = await signUp(ctx.app, ctx.deps);
      const stranger = signUpInput();
      const registered = await post(
        ip(1),
        '/api/auth/sign-up',
        signUpInput({ email: owner.input.email.toUpperCase() }),
      );
      const fresh = await post(ip(1), '/api/auth/sign-up', stranger);
      expect(seen(registered)).toEqual(seen(fresh));
      expect(seen(fresh)).toMatchObject({ status: 200, cookies: [] });
      // The owner hears of the try; the new address gets the link that makes its account.
      const notices = await accountExistsNotices(owner.input.email);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.body).toContain('/forgot-password');
      const links = await outbox('mail', stranger.email);
      expect(links.map((m) => m.subject)).toEqual(['Finish creating your Batchwise account']);
      // No second link for the registered e-mail: only the one of the owner's own sign-up.
      const ownerLinks = (await outbox('mail', owner.input.email)).filter((m) =>
        m.body.includes('/signup?token='),
      );
      expect(ownerLinks).toHaveLength(1);
    });

    it('answers alike for a registered phone; only the new e-mail’s owner learns it from the link', async () => {
      freshDay();
      const ip = addresses();
      const owner = await signUp(ctx.app, ctx.deps);
      const input = signUpInput({ phone: owner.input.phone });
      const taken = await post(ip(1), '/api/auth/sign-up', input);
      expect(seen(taken)).toEqual(seen(await post(ip(1), '/api/auth/sign-up', signUpInput())));
      const token = await signUpLinkToken(ctx.deps, input.email);
      const refused = await post(ip(1), '/api/auth/sign-up/confirm', { token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'SIGN_UP_REFUSED',
        message:
          'We could not create an account with these details. If you already have an account, sign in or reset your password.',
      });
    });

    it('limits the tries naming one e-mail, so its owner gets few notices, whatever the addresses', async () => {
      freshDay();
      const ip = addresses();
      const owner = await signUp(ctx.app, ctx.deps);
      const { max } = AUTH_LIMITS.signUpPerEmail;
      const tries = await Promise.all(
        Array.from({ length: max + 3 }, (_, i) =>
          post(ip(i + 1), '/api/auth/sign-up', signUpInput({ email: owner.input.email })),
        ),
      );
      const statuses = tries.map((r) => r.statusCode);
      // The owner's own sign-up named the e-mail once already.
      expect(count(statuses, 200)).toBe(max - 1);
      expect(count(statuses, 429)).toBe(4);
      expect(await accountExistsNotices(owner.input.email)).toHaveLength(1);
    });

    it('two links for one e-mail used at the same moment: one account, never a 500', async () => {
      freshDay();
      const ip = addresses();
      const input = signUpInput();
      await post(ip(1), '/api/auth/sign-up', input);
      const first = await signUpLinkToken(ctx.deps, input.email);
      ctx.deps.clock.advance(1); // the newest link is the second
      await post(ip(2), '/api/auth/sign-up', { ...input, phone: uniquePhone() });
      const second = await signUpLinkToken(ctx.deps, input.email);
      expect(second).not.toBe(first);
      const both = await Promise.all([
        post(ip(1), '/api/auth/sign-up/confirm', { token: first }),
        post(ip(2), '/api/auth/sign-up/confirm', { token: second }),
      ]);
      const statuses = both.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([400, 409]).toContain(statuses[1]);
      const users = await ctx.deps.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', input.email)
        .execute();
      expect(users).toHaveLength(1);
    });
  });
});
