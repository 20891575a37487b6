import { describe, expect, it, vi } from 'vitest';
import { onPlan, signUp, uniquePhone } from '../../test/factories';
import { sentTo } from '../../test/outbox';
import { setSmsQuota, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

/** Invitations cannot be used to look people up, to text for free or to spam. */
describe.each(DIALECTS)('invitation abuse [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const outbox = (kind: 'sms' | 'mail', to: string) => sentTo(ctx.deps, kind, to);
  const quota = (accountId: string) => smsQuotaOf(ctx.deps, accountId);
  const setQuota = (accountId: string, smsQuota: number) => setSmsQuota(ctx.deps, accountId, smsQuota);

  it('pays a phone invitation from the SMS quota, and refuses it when the quota is short', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const invite = (phone: string) =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, { phone });
    await setQuota(teacher.accountId, 3);
    const events: string[] = [];
    const stop = ctx.deps.events.subscribe([`account:${teacher.accountId}`], (event) =>
      events.push(event.type),
    );
    const first = uniquePhone();
    expect((await invite(first)).statusCode).toBe(200);
    expect(await quota(teacher.accountId)).toBe(1);
    expect(await outbox('sms', first)).toHaveLength(1);
    // Screens showing the quota refetch it (on PostgreSQL through LISTEN/NOTIFY, a moment later).
    await vi.waitFor(() => expect(events).toContain('sms.quota'));
    stop();

    const second = uniquePhone();
    const refused = await invite(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SMS_QUOTA_NOT_ENOUGH',
      message: 'You do not have enough SMS Quota. You need 2. Your current quota is 1.',
    });
    // All or nothing: no invitation, no SMS.
    const team = (await teacher.client.get(`/api/accounts/${teacher.accountId}/team`)).json();
    expect(team.invitations.map((i: { invitee: string }) => i.invitee)).toEqual([first]);
    expect(await outbox('sms', second)).toHaveLength(0);
    // E-mail invitations cost no SMS.
    expect(
      (
        await teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, {
          email: `helper-${Date.now()}@school.test`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await quota(teacher.accountId)).toBe(1);
  });

  it('lets an account send only so many invitations a day', async () => {
    // The start of a day, so the daily window does not end half-way through.
    ctx.deps.clock.set(Date.UTC(2031, 5, 1) + 60_000);
    const teacher = await signUp(ctx.app, ctx.deps);
    // Pro: no moderator limit comes first (Lite refuses the third; plans.test.ts).
    await onPlan(ctx.deps, teacher.accountId, 'pro');
    const invite = (i: number) =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, {
        email: `helper-${i}@school.test`,
      });
    for (let i = 0; i < 30; i++) expect((await invite(i)).statusCode).toBe(200);
    const refused = await invite(30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'INVITATIONS_TOO_MANY',
      message: 'Too many invitations have been sent from this account. Please wait a while and try again.',
    });
    expect(refused.headers['retry-after']).toBe(String(24 * 3600 - 60));
    expect(await outbox('mail', 'helper-30@school.test')).toHaveLength(0);
    // Another account is not affected.
    const other = await signUp(ctx.app, ctx.deps);
    expect(
      (
        await other.client.post(`/api/accounts/${other.accountId}/assistants/invitations`, {
          email: 'helper-30@school.test',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses the 11th invitation SMS of a day, and a number texted by several inviters', async () => {
    ctx.deps.clock.set(Date.UTC(2031, 6, 1) + 60_000);
    const teacher = await signUp(ctx.app, ctx.deps);
    // Pro: no moderator limit, so the daily SMS limit is what refuses the 11th.
    await onPlan(ctx.deps, teacher.accountId, 'pro');
    const invite = (client: typeof teacher.client, accountId: string, body: object) =>
      client.post(`/api/accounts/${accountId}/assistants/invitations`, body);
    for (let i = 0; i < 10; i++) {
      expect((await invite(teacher.client, teacher.accountId, { phone: uniquePhone() })).statusCode).toBe(
        200,
      );
    }
    const before = await quota(teacher.accountId);
    const eleventh = uniquePhone();
    const refused = await invite(teacher.client, teacher.accountId, { phone: eleventh });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'INVITATION_SMS_TOO_MANY',
      message:
        'You have sent the 10 invitation SMS allowed for today. Please invite by e-mail, or try again tomorrow.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox('sms', eleventh)).toHaveLength(0);
    expect(await quota(teacher.accountId)).toBe(before);
    // E-mail invitations go on.
    const email = await invite(teacher.client, teacher.accountId, {
      email: `helper-${Date.now()}@school.test`,
    });
    expect(email.statusCode).toBe(200);

    // One number, many inviters: the fourth invitation SMS of the day is refused.
    const target = uniquePhone();
    const inviters = await Promise.all(Array.from({ length: 4 }, () => signUp(ctx.app, ctx.deps)));
    const statuses = [];
    for (const t of inviters)
      statuses.push((await invite(t.client, t.accountId, { phone: target })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await invite(inviters[3]!.client, inviters[3]!.accountId, { phone: target });
    expect(last.json().error.code).toBe('INVITATION_PHONE_TOO_MANY');
    expect(await outbox('sms', target)).toHaveLength(3);
  });

  it("does not tell an admin whether a new teacher's e-mail or phone is taken; the owner hears of it", async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const owner = await signUp(ctx.app, ctx.deps);
    const create = (email: string, phone: string) =>
      admin.client.post(`/api/accounts/${admin.accountId}/teachers`, {
        mode: 'create',
        name: 'Karim Sir',
        email,
        phone,
        password: 'teaches well every day',
      });
    const byEmail = await create(owner.input.email, uniquePhone());
    const byPhone = await create(`karim-${Date.now()}@udoy.test`, owner.input.phone);
    for (const res of [byEmail, byPhone]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'TEACHER_CREATE_REFUSED',
        message:
          'We could not create an account with these details. If this teacher already has an account, invite them by e-mail instead.',
      });
    }
    // (Besides the link that made the owner's own account.)
    const notices = await outbox('mail', owner.input.email);
    expect(notices.map((m) => m.subject)).toEqual([
      'You already have a Batchwise account',
      'Finish creating your Batchwise account',
    ]);

    // Inviting answers alike for an e-mail without an account: the e-mail tells them what to do.
    const invited = await admin.client.post(`/api/accounts/${admin.accountId}/teachers`, {
      mode: 'invite',
      email: 'not-yet-a-teacher@udoy.test',
    });
    expect(invited.statusCode).toBe(200);
    const [mail] = await outbox('mail', 'not-yet-a-teacher@udoy.test');
    expect(mail?.body).toContain('create an account with it first if you have none');
  });
});
