import { DEFAULT_PLANS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { onPlan, signUp, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const DAY = 86_400_000;

describe.each(DIALECTS)('plans and tools [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function staffClient() {
    const now = ctx.deps.clock.now();
    const id = newId(now);
    await ctx.deps.db.kysely
      .insertInto('users')
      .values({
        id,
        name: 'Staff',
        email: `staff-${id}@batchwise.test`,
        phone: null,
        password_hash: null,
        profession: null,
        is_staff: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { token } = await ctx.deps.sessions.create(id, {});
    return new TestClient(ctx.app, token);
  }

  it('starts a new account on Lite and lists the plans from the table', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const tools = (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`)).json();
    expect(tools.plan).toEqual({ id: 'lite', limits: DEFAULT_PLANS[0]!.limits });
    const { plans } = (await new TestClient(ctx.app).get('/api/plans')).json();
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['lite', 'pro', 'elite']);
    expect(plans[0]).toMatchObject({ pricePerStudentPaisa: 0, limits: { moderators: 2 } });
  });

  it('refuses a third assistant on Lite with the upgrade message, and not on Pro', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const invite = (phone: string) =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, { phone });
    expect((await invite(uniquePhone())).statusCode).toBe(200);
    const second = uniquePhone();
    expect((await invite(second)).statusCode).toBe(200);
    // Inviting the same person again takes no new seat (it is refused for other reasons, or not at all).
    expect((await invite(second)).json().error?.code).not.toBe('PLAN_LIMIT_MODERATORS');
    const third = await invite(uniquePhone());
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toEqual({
      code: 'PLAN_LIMIT_MODERATORS',
      message: 'Your plan allows 2 assistants (moderators). Upgrade your plan to add more.',
      params: { limit: 2 },
    });
    await onPlan(ctx.deps, teacher.accountId, 'pro');
    expect((await invite(uniquePhone())).statusCode).toBe(200);
  });

  it('lets only platform staff change a plan, and the limit follows the table', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const { id: _id, ...lite } = DEFAULT_PLANS[0]!;
    const body = { ...lite, limits: { ...lite.limits, moderators: 1 } };
    expect((await teacher.client.put('/api/staff/plans/lite', body)).statusCode).toBe(403);
    const staff = await staffClient();
    const saved = await staff.put('/api/staff/plans/lite', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().limits.moderators).toBe(1);
    const invite = () =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, {
        phone: uniquePhone(),
      });
    expect((await invite()).statusCode).toBe(200);
    expect((await invite()).json().error.code).toBe('PLAN_LIMIT_MODERATORS');
    expect((await staff.put('/api/staff/plans/lite', lite)).statusCode).toBe(200);
  });

  it("gives a teacher the admin's tool until its Expires, and a trial only once", async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const teacher = await signUp(ctx.app, ctx.deps);
    await ctx.deps.db.kysely
      .insertInto('admin_teachers')
      .values({
        admin_account_id: admin.accountId,
        teacher_account_id: teacher.accountId,
        position: 0,
        created_at: ctx.deps.clock.now(),
      })
      .execute();
    const key = 'sentinel-attendance';
    const devices = () => teacher.client.get(`/api/accounts/${teacher.accountId}/attendance-devices`);
    const tool = (accountId: string) => `/api/accounts/${accountId}/tools/${key}`;

    // Neither has it: the teacher is refused with the catalogue's message.
    expect((await teacher.client.delete(tool(teacher.accountId))).statusCode).toBe(200);
    expect((await admin.client.delete(tool(admin.accountId))).statusCode).toBe(200);
    const refused = await devices();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TOOL_NOT_AVAILABLE');

    // Lite does not include Sentinel: the admin's install is a 14-day trial, once.
    const installedAt = ctx.deps.clock.now();
    expect((await admin.client.post(tool(admin.accountId))).statusCode).toBe(200);
    expect((await devices()).statusCode).toBe(200);
    const listed = (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`)).json();
    const entry = listed.tools.find((t: { key: string }) => t.key === key);
    expect(entry).toMatchObject({ source: 'admin', usable: true, installed: null });
    expect(entry.expiresAt - installedAt).toBeGreaterThanOrEqual(14 * DAY);
    expect(entry.expiresAt - installedAt).toBeLessThan(14 * DAY + 60_000);

    // Still usable at its Expires, refused after it. Sessions lapse when idle for 14 days, so the
    // trial is brought to its last minute instead of the clock moving two weeks.
    const ends = ctx.deps.clock.now() + 60_000;
    await ctx.deps.db.kysely
      .updateTable('account_tools')
      .set({ expires_at: ends })
      .where('account_id', '=', admin.accountId)
      .where('tool_key', '=', key)
      .execute();
    ctx.deps.clock.set(ends);
    expect((await devices()).statusCode).toBe(200);
    ctx.deps.clock.set(ends + 1);
    expect((await devices()).json().error.code).toBe('TOOL_NOT_AVAILABLE');
    const again = await admin.client.post(tool(admin.accountId));
    expect(again.json().error.code).toBe('TOOL_TRIAL_USED');

    // On Pro the tool installs with the plan, without expiry.
    await onPlan(ctx.deps, admin.accountId, 'pro');
    expect((await admin.client.post(tool(admin.accountId))).statusCode).toBe(200);
    expect((await devices()).statusCode).toBe(200);
    ctx.deps.clock.release();
  });

  it('keeps the later expiry when the teacher and the admin both have a tool', async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const teacher = await signUp(ctx.app, ctx.deps);
    const now = ctx.deps.clock.now();
    await ctx.deps.db.kysely
      .insertInto('admin_teachers')
      .values({
        admin_account_id: admin.accountId,
        teacher_account_id: teacher.accountId,
        position: 0,
        created_at: now,
      })
      .execute();
    const expire = (accountId: string, at: number) =>
      ctx.deps.db.kysely
        .updateTable('account_tools')
        .set({ expires_at: at })
        .where('account_id', '=', accountId)
        .where('tool_key', '=', 'report-cards')
        .execute();
    await expire(teacher.accountId, now + DAY);
    await expire(admin.accountId, now + 3 * DAY);
    const entry = async () =>
      (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`))
        .json()
        .tools.find((t: { key: string }) => t.key === 'report-cards');
    expect(await entry()).toMatchObject({ source: 'admin', expiresAt: now + 3 * DAY, usable: true });
    await expire(admin.accountId, now + DAY / 2);
    expect(await entry()).toMatchObject({ source: 'own', expiresAt: now + DAY, usable: true });
  });

  it('pins an installed tool and lets assistants see but not change the catalogue', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const pin = await teacher.client.put(`/api/accounts/${teacher.accountId}/tools/report-cards/pin`, {
      pinned: true,
    });
    expect(pin.statusCode).toBe(200);
    const listed = (await teacher.client.get(`/api/accounts/${teacher.accountId}/tools`)).json();
    expect(listed.canManage).toBe(true);
    expect(listed.tools.find((t: { key: string }) => t.key === 'report-cards').installed.pinned).toBe(true);
  });
});
