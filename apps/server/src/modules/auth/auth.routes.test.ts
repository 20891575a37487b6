import { describe, expect, it } from 'vitest';
import {
  classroomWithStudent,
  signUp,
  signUpInput,
  signUpLinkToken,
  uniquePhone,
} from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeIn, sentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { digest } from './tokens';

describe.each(DIALECTS)('accounts and sign-in [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const anonymous = () => new TestClient(ctx.app);
  const sms = (phone: string) => sentTo(ctx.deps, 'sms', phone);
  const codeFrom = codeIn;

  describe('sign-up', () => {
    it('creates a teacher with an institution account and signs them in', async () => {
      const { client, input, userId } = await signUp(ctx.app, ctx.deps);
      const res = await client.get('/api/session');
      expect(res.statusCode).toBe(200);
      const session = res.json();
      expect(session.user).toMatchObject({
        id: userId,
        name: input.name,
        email: input.email,
        profession: 'Teacher',
      });
      expect(session.homePath).toBe('/teacher/dashboard');
      expect(session.accounts).toEqual([
        expect.objectContaining({
          kind: 'Teacher',
          relation: 'owner',
          appMode: 'SMS_LMS_GATEWAY',
          institution: input.institution,
        }),
      ]);
      expect(session.activeAccountId).toBe(session.accounts[0].id);
      expect(session.smsQuota).toMatchObject({ quota: 1000, ratePaisa: 43, shared: false });
      const account = await ctx.deps.db.kysely
        .selectFrom('accounts')
        .selectAll()
        .where('owner_user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({ teacher_type: 'Institution', online_payment: 'Off' });
      const events = await ctx.deps.db.kysely
        .selectFrom('analytics_events')
        .select('name')
        .where('user_id', '=', userId)
        .execute();
      expect(events).toEqual([{ name: 'Sign Up' }]);
    });

    it('creates a business admin in SMS_GATEWAY mode, with the meeting tool and the referrer', async () => {
      const referrer = await signUp(ctx.app, ctx.deps);
      const code = (
        await ctx.deps.db.kysely
          .selectFrom('accounts')
          .select('referral_code')
          .where('id', '=', referrer.accountId)
          .executeTakeFirstOrThrow()
      ).referral_code;
      const { client, userId } = await signUp(ctx.app, ctx.deps, {
        accountType: 'Admin',
        businessAccount: true,
        meetingApp: true,
        referralId: code,
      });
      const session = (await client.get('/api/session')).json();
      expect(session.user.profession).toBe('Admin');
      expect(session.homePath).toBe('/admin/dashboard');
      expect(session.accounts[0]).toMatchObject({
        kind: 'Admin',
        appMode: 'SMS_GATEWAY',
        accountType: 'Business',
      });
      // The meeting app's tool beside the starting plan's (the factory adds the rest of the catalogue).
      expect(session.tools).toContainEqual({ key: 'zoom-meeting', route: 'zoom-meeting', expiresAt: null });
      const account = await ctx.deps.db.kysely
        .selectFrom('accounts')
        .select('referred_by')
        .where('owner_user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(account.referred_by).toBe(referrer.accountId);
    });

    it('sets a hardened session cookie and stores only a digest of it', async () => {
      const client = anonymous();
      const input = signUpInput();
      await client.post('/api/auth/sign-up', input);
      const token = await signUpLinkToken(ctx.deps, input.email);
      const res = await client.post('/api/auth/sign-up/confirm', { token });
      const cookie = res.cookies.find((c) => c.name === 'bw_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
      const rows = await ctx.deps.db.kysely.selectFrom('sessions').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).toContain(digest(cookie.value));
      expect(rows.map((r) => r.token_hash)).not.toContain(cookie.value);
    });

    it.each([
      [
        { password: 'password123' },
        'PASSWORD_TOO_COMMON',
        'This password is too common and easy to guess. Please choose another.',
      ],
      [{ password: 'short' }, 'PASSWORD_TOO_SHORT', 'Your password must be at least 8 characters long.'],
      [{ email: 'not-an-email' }, 'EMAIL_INVALID', 'Please enter a valid email address.'],
      [
        { phone: '0171234567' },
        'PHONE_MUST_BE_11_DIGITS',
        'Invalid phone number: must be 11 digits starting with 01',
      ],
      [{ institution: ' ' }, 'INSTITUTION_REQUIRED', 'Please enter your institution name.'],
    ])('refuses %j with %s', async (change, code, message) => {
      const res = await anonymous().post('/api/auth/sign-up', signUpInput(change));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
    });

    it('makes the account only from the mailed link, once', async () => {
      const input = signUpInput();
      const asked = await anonymous().post('/api/auth/sign-up', input);
      expect(asked.json()).toEqual({
        code: 'SIGN_UP_CHECK_EMAIL',
        message:
          'Check your e-mail: we have sent a message to this address. Open the link in it within 24 hours to finish signing up.',
      });
      expect(asked.cookies.find((c) => c.name === 'bw_session')).toBeUndefined();
      const users = () =>
        ctx.deps.db.kysely.selectFrom('users').select('id').where('email', '=', input.email).execute();
      expect(await users()).toHaveLength(0);
      const token = await signUpLinkToken(ctx.deps, input.email);
      expect((await anonymous().post('/api/auth/sign-up/confirm', { token })).statusCode).toBe(200);
      expect(await users()).toHaveLength(1);
      const again = await anonymous().post('/api/auth/sign-up/confirm', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'SIGN_UP_LINK_INVALID',
        message: 'This sign-up link is invalid, already used or has expired. Please sign up again.',
      });
    });

    it('refuses a link after 24 hours', async () => {
      const input = signUpInput();
      await anonymous().post('/api/auth/sign-up', input);
      const token = await signUpLinkToken(ctx.deps, input.email);
      ctx.deps.clock.advance(24 * 3_600_000);
      const late = await anonymous().post('/api/auth/sign-up/confirm', { token });
      expect(late.json().error.code).toBe('SIGN_UP_LINK_INVALID');
    });
  });

  describe('sign-in with e-mail', () => {
    it('signs in, and signing out kills the old cookie', async () => {
      const { input } = await signUp(ctx.app, ctx.deps);
      const client = anonymous();
      const res = await client.post('/api/auth/sign-in', { email: input.email, password: input.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().homePath).toBe('/teacher/dashboard');
      const oldCookie = client.cookie;
      expect((await client.post('/api/auth/sign-out')).statusCode).toBe(200);
      const replay = new TestClient(ctx.app, oldCookie);
      const after = await replay.get('/api/session');
      expect(after.json()).toBeNull();
      // The answer sets no cookie: a slow request with the old cookie, answered after a sign-in
      // on another tab (or the end of an impersonation) set a new one, must not wipe it.
      expect(after.headers['set-cookie']).toBeUndefined();
    });

    it('gives one message for a wrong password and an unknown e-mail', async () => {
      const { input } = await signUp(ctx.app, ctx.deps);
      const wrong = await anonymous().post('/api/auth/sign-in', {
        email: input.email,
        password: 'wrong password!',
      });
      const unknown = await anonymous().post('/api/auth/sign-in', {
        email: 'nobody@school.test',
        password: 'whatever123',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({
          code: 'SIGN_IN_FAILED',
          message: 'The email or password is incorrect.',
        });
      }
    });

    it('makes the guessing address wait after 3 failures, even with the right password', async () => {
      const { input } = await signUp(ctx.app, ctx.deps);
      for (let i = 0; i < 3; i++) {
        expect(
          (await anonymous().post('/api/auth/sign-in', { email: input.email, password: `guess ${i}xx` }))
            .statusCode,
        ).toBe(401);
      }
      const locked = await anonymous().post('/api/auth/sign-in', {
        email: input.email,
        password: input.password,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('SIGN_IN_TOO_MANY');
      expect(locked.headers['retry-after']).toBe('2');
      ctx.deps.clock.advance(2_000);
      expect(
        (await anonymous().post('/api/auth/sign-in', { email: input.email, password: input.password }))
          .statusCode,
      ).toBe(200);
    });

    it('rotates the session at sign-in: the cookie from before is revoked', async () => {
      const { client, input } = await signUp(ctx.app, ctx.deps);
      const before = client.cookie;
      await client.post('/api/auth/sign-in', { email: input.email, password: input.password });
      expect(client.cookie).not.toBe(before);
      expect((await new TestClient(ctx.app, before).get('/api/session')).json()).toBeNull();
      expect((await client.get('/api/session')).statusCode).toBe(200);
    });

    it('keeps a used session alive, moving last-seen on at most once a minute', async () => {
      const { client, userId } = await signUp(ctx.app, ctx.deps);
      const lastSeen = async () =>
        (
          await ctx.deps.db.kysely
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const signedUp = await lastSeen();
      ctx.deps.clock.advance(30_000);
      expect((await client.get('/api/session')).statusCode).toBe(200);
      expect(await lastSeen()).toBe(signedUp);
      // Used again within the idle timeout, twice over: each use moves last-seen on.
      for (let i = 0; i < 2; i++) {
        ctx.deps.clock.advance(11 * 3_600_000);
        const usedAt = ctx.deps.clock.now();
        expect((await client.get('/api/session')).statusCode).toBe(200);
        expect(await lastSeen()).toBeGreaterThanOrEqual(usedAt);
      }
      ctx.deps.clock.advance(12 * 3_600_000 + 1);
      expect((await client.get('/api/session')).json()).toBeNull();
    });

    it("moves last-seen on without dropping other users' kept sessions, and still ends sessions at once", async () => {
      const a = await signUp(ctx.app, ctx.deps);
      const b = await signUp(ctx.app, ctx.deps);
      expect((await a.client.get('/api/session')).statusCode).toBe(200);
      expect((await b.client.get('/api/session')).statusCode).toBe(200);
      // What the session cache is kept under (SQLite; PostgreSQL keeps nothing).
      const stamp = () => ctx.deps.db.changes?.stamp(['sessions', 'users']);
      const before = stamp();
      ctx.deps.clock.advance(61_000);
      for (let i = 0; i < 2; i++) {
        expect((await a.client.get('/api/session')).statusCode).toBe(200);
        expect((await b.client.get('/api/session')).statusCode).toBe(200);
      }
      expect(stamp()).toBe(before);

      const cookie = a.client.cookie;
      expect((await a.client.post('/api/auth/sign-out')).statusCode).toBe(200);
      expect((await new TestClient(ctx.app, cookie).get('/api/session')).json()).toBeNull();
      expect((await b.client.get('/api/session')).statusCode).toBe(200);
    });

    it('ends a session after the idle timeout', async () => {
      const { client } = await signUp(ctx.app, ctx.deps);
      ctx.deps.clock.advance(12 * 3_600_000 + 1);
      expect((await client.get('/api/session')).json()).toBeNull();
    });
  });

  describe('sign-in with a phone code', () => {
    it('lets a student sign in with the code sent by SMS, once', async () => {
      const teacher = await signUp(ctx.app, ctx.deps);
      const phone = uniquePhone();
      await classroomWithStudent(ctx.deps, teacher.accountId, { name: 'Rafi Ahmed', phone });
      const client = anonymous();
      const sent = await client.post('/api/auth/phone/code', { phone: phone.replace('+88', '') });
      expect(sent.json()).toEqual({
        code: 'CODE_SENT',
        message: 'If this number is registered with Batchwise, we have sent a 6-digit code to it.',
      });
      const [message] = await sms(phone);
      const code = codeFrom(message!.body);
      expect(code).toMatch(/^\d{6}$/);

      const res = await client.post('/api/auth/phone/verify', { phone, code });
      expect(res.statusCode).toBe(200);
      expect(res.json().homePath).toBe('/student/dashboard');
      const session = (await client.get('/api/session')).json();
      expect(session.user).toMatchObject({ name: 'Rafi Ahmed', profession: 'Student' });
      expect(session.students[0].classes).toHaveLength(1);

      const again = await anonymous().post('/api/auth/phone/verify', { phone, code });
      expect(again.json().error.code).toBe('CODE_USED');
    });

    it('lets a parent sign in and see the linked child', async () => {
      const teacher = await signUp(ctx.app, ctx.deps);
      const parentPhone = uniquePhone();
      await classroomWithStudent(ctx.deps, teacher.accountId, {
        name: 'Mim Akter',
        phone: uniquePhone(),
        parentPhone,
      });
      const client = anonymous();
      await client.post('/api/auth/phone/code', { phone: parentPhone });
      const code = codeFrom((await sms(parentPhone))[0]!.body);
      const res = await client.post('/api/auth/phone/verify', { phone: parentPhone, code });
      expect(res.json().homePath).toBe('/parent/dashboard');
      const session = (await client.get('/api/session')).json();
      expect(session.students.map((s: { name: string }) => s.name)).toEqual(['Mim Akter']);
    });

    it('answers alike for an unknown phone but sends nothing', async () => {
      const phone = uniquePhone();
      const res = await anonymous().post('/api/auth/phone/code', { phone });
      expect(res.json().code).toBe('CODE_SENT');
      expect(await sms(phone)).toHaveLength(0);
    });

    it('refuses a wrong, an expired and an empty code with their messages', async () => {
      const teacher = await signUp(ctx.app, ctx.deps);
      const phone = teacher.input.phone;
      await anonymous().post('/api/auth/phone/code', { phone });
      const code = codeFrom((await sms(phone))[0]!.body);
      const wrong = await anonymous().post('/api/auth/phone/verify', {
        phone,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.json().error).toEqual({
        code: 'CODE_INVALID',
        message: 'The code is incorrect. Please check it and try again.',
      });
      const empty = await anonymous().post('/api/auth/phone/verify', { phone, code: '' });
      expect(empty.json().error).toMatchObject({
        code: 'LOGIN_CONFIRMATION_EMPTY',
        message: 'Failed to get proper login confirmation auth',
      });
      ctx.deps.clock.advance(10 * 60_000 + 1);
      const expired = await anonymous().post('/api/auth/phone/verify', { phone, code });
      expect(expired.json().error.code).toBe('CODE_EXPIRED');
    });

    it('stops after 5 wrong guesses, even for the right code', async () => {
      const teacher = await signUp(ctx.app, ctx.deps);
      const phone = teacher.input.phone;
      await anonymous().post('/api/auth/phone/code', { phone });
      const code = codeFrom((await sms(phone))[0]!.body);
      const wrongCode = code === '999999' ? '999998' : '999999';
      const results = [];
      for (let i = 0; i < 5; i++)
        results.push(
          (await anonymous().post('/api/auth/phone/verify', { phone, code: wrongCode })).json().error.code,
        );
      expect(results).toEqual([
        'CODE_INVALID',
        'CODE_INVALID',
        'CODE_INVALID',
        'CODE_INVALID',
        'CODE_TOO_MANY_ATTEMPTS',
      ]);
      const right = await anonymous().post('/api/auth/phone/verify', { phone, code });
      expect(right.statusCode).toBe(429);
      expect(right.json().error.code).toBe('CODE_TOO_MANY_ATTEMPTS');
    });

    it('limits how many codes one address may ask for a phone; every code sent stays good', async () => {
      const phone = (await signUp(ctx.app, ctx.deps)).input.phone;
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await anonymous().post('/api/auth/phone/code', { phone })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect(await sms(phone)).toHaveLength(3);
      const res = await anonymous().post('/api/auth/phone/code', { phone });
      expect(res.json().error.code).toBe('CODE_TOO_MANY_REQUESTS');
      // A newer code does not cancel an older one: the first one still signs in.
      const first = codeFrom((await sms(phone)).at(-1)!.body);
      expect((await anonymous().post('/api/auth/phone/verify', { phone, code: first })).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link that sets a new password and ends every session', async () => {
      const { client, input } = await signUp(ctx.app, ctx.deps);
      const res = await anonymous().post('/api/auth/password/forgot', { email: input.email });
      expect(res.json().code).toBe('RESET_LINK_SENT');
      await ctx.deps.createWorker().drain();
      const mail = (await ctx.deps.outbox.listNewest('mail', 50)).find((m) => m.to === input.email)!;
      const token = /token=([\w-]+)/.exec(mail.body)![1]!;

      const newPassword = 'a brand new passphrase';
      const reset = await anonymous().post('/api/auth/password/reset', { token, password: newPassword });
      expect(reset.json().code).toBe('PASSWORD_CHANGED');
      expect((await client.get('/api/session')).json()).toBeNull();
      expect(
        (await anonymous().post('/api/auth/sign-in', { email: input.email, password: input.password }))
          .statusCode,
      ).toBe(401);
      expect(
        (await anonymous().post('/api/auth/sign-in', { email: input.email, password: newPassword }))
          .statusCode,
      ).toBe(200);
      const reuse = await anonymous().post('/api/auth/password/reset', {
        token,
        password: 'yet another passphrase',
      });
      expect(reuse.json().error.code).toBe('RESET_LINK_INVALID');
    });

    it('answers alike for an unknown e-mail and mails nothing', async () => {
      const res = await anonymous().post('/api/auth/password/forgot', { email: 'ghost@school.test' });
      expect(res.json().code).toBe('RESET_LINK_SENT');
      await ctx.deps.createWorker().drain();
      expect((await ctx.deps.outbox.listNewest('mail', 100)).some((m) => m.to === 'ghost@school.test')).toBe(
        false,
      );
    });
  });

  describe('guards', () => {
    it.each(['undefined', 'null'])('refuses an address that is %j before touching data', async (id) => {
      const { client } = await signUp(ctx.app, ctx.deps);
      const res = await client.get(`/api/accounts/${id}/summary`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'UNDEFINED_ADDRESS',
        message: 'One of the addresses is undefined.',
      });
    });

    it('refuses an undefined address on public routes too, but not a file path', async () => {
      const res = await anonymous().get('/r/undefined');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('UNDEFINED_ADDRESS');
      expect((await anonymous().get('/api/undefined')).statusCode).toBe(404);
    });

    it('refuses writes without the CSRF header', async () => {
      const res = await anonymous().request({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: signUpInput(),
        csrf: false,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('CSRF_REFUSED');
    });

    it('signs out a user with no profession, with the spec message', async () => {
      const { client, userId } = await signUp(ctx.app, ctx.deps);
      await ctx.deps.db.kysely
        .updateTable('users')
        .set({ profession: null })
        .where('id', '=', userId)
        .execute();
      const res = await client.get('/api/session');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'MISSING_USER_RECORD',
        message: 'Could not find proper database for you. Please sign-up with different account and login',
      });
    });

    it('blocks an account flagged for suspicious traffic', async () => {
      const { client, userId } = await signUp(ctx.app, ctx.deps);
      await ctx.deps.db.kysely
        .updateTable('users')
        .set({ suspicious_at: Date.now() })
        .where('id', '=', userId)
        .execute();
      const res = await client.get('/api/session');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ACCOUNT_SUSPICIOUS');
    });
  });
});
