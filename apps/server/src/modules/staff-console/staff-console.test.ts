import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { assistantWithGrant, clientFor, newStaffClient } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const institution = (name: string) => ({
  institution: name,
  accountType: 'Default',
  currency: 'BDT',
  manageMultiBranches: false,
});

describe.each(DIALECTS)('staff console [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('finds an account by phone in any form, e-mail, institution, id and referral code', async () => {
    const t = await signUp(ctx.app, ctx.deps, { institution: 'Sunrise Coaching Mirpur' });
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const find = async (q: string) =>
      (await staff.client.get(`/api/staff/accounts?q=${encodeURIComponent(q)}`))
        .json()
        .accounts.map((a: { id: string }) => a.id);
    const local = `0${t.input.phone.slice(4)}`;
    const bangla = local.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    for (const q of [local, t.input.phone, bangla, `+880 ${local.slice(1)}`]) {
      expect(await find(q), q).toEqual([t.accountId]);
    }
    expect(await find(t.input.email.toUpperCase())).toEqual([t.accountId]);
    expect(await find('sunrise coaching mir')).toContain(t.accountId);
    expect(await find(t.accountId)).toEqual([t.accountId]);
    const code = await ctx.deps.db.kysely
      .selectFrom('accounts')
      .select('referral_code')
      .where('id', '=', t.accountId)
      .executeTakeFirstOrThrow();
    expect(await find(code.referral_code.toLowerCase())).toEqual([t.accountId]);
    expect(await find('%%')).not.toContain(t.accountId);

    const short = await staff.client.get('/api/staff/accounts?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('STAFF_SEARCH_SHORT');
    // Only staff: the teacher is refused.
    expect((await t.client.get(`/api/staff/accounts?q=${local}`)).statusCode).toBe(403);

    const page = (await staff.client.get(`/api/staff/accounts/${t.accountId}`)).json();
    expect(page).toMatchObject({
      institution: 'Sunrise Coaching Mirpur',
      ownerEmail: t.input.email,
      planId: 'lite',
      suspended: false,
      usage: { students: 0, classrooms: 0, smsSent: 0, onlinePayments: 0 },
    });
    expect(page.team[0]).toMatchObject({ role: 'owner', userId: t.userId });
    expect(page.devices.length).toBeGreaterThan(0);
  });

  it('suspends an account: its people read and export but cannot write, with the reason; restore lifts it', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const other = await signUp(ctx.app, ctx.deps);
    const assistant = {
      client: await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, t.accountId)),
    };
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const suspension = `/api/staff/accounts/${t.accountId}/suspension`;

    const noReason = await staff.client.put(suspension, { suspended: true, reason: '  ' });
    expect(noReason.json().error.code).toBe('STAFF_REASON_REQUIRED');
    expect((await t.client.put(suspension, { suspended: true, reason: 'x' })).statusCode).toBe(403);
    expect((await staff.client.put(suspension, { suspended: true, reason: 'Spam SMS' })).statusCode).toBe(
      200,
    );
    expect((await staff.client.put(suspension, { suspended: true, reason: 'again' })).statusCode).toBe(409);

    const write = await t.client.put(`/api/accounts/${t.accountId}/institution`, institution('New name'));
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({ code: 'ACCOUNT_SUSPENDED', params: { reason: 'Spam SMS' } });
    const byAssistant = await assistant.client.post(`/api/accounts/${t.accountId}/students`, {});
    expect(byAssistant.json().error.code).toBe('ACCOUNT_SUSPENDED');
    // Reading, exporting and signing in go on.
    expect((await t.client.get(`/api/accounts/${t.accountId}/summary`)).statusCode).toBe(200);
    const exported = await t.client.get(`/api/accounts/${t.accountId}/students/export?format=xlsx`);
    expect(exported.statusCode).toBe(200);
    const table = await t.client.post('/api/exports', {
      format: 'xlsx',
      title: 'Students',
      headers: ['Name'],
      rows: [['Rahim']],
    });
    expect(table.statusCode).toBe(200);
    // Another account is untouched.
    expect(
      (await other.client.put(`/api/accounts/${other.accountId}/institution`, institution('Other')))
        .statusCode,
    ).toBe(200);
    // Every signed-in page of its people shows why.
    const { notices } = (await assistant.client.get('/api/session')).json();
    expect(notices.suspensions).toEqual([
      expect.objectContaining({ accountId: t.accountId, reason: 'Spam SMS' }),
    ]);
    expect((await other.client.get('/api/session')).json().notices.suspensions).toEqual([]);

    expect(
      (await staff.client.put(suspension, { suspended: false, reason: 'Promised to stop' })).statusCode,
    ).toBe(200);
    expect(
      (await t.client.put(`/api/accounts/${t.accountId}/institution`, institution('New name'))).statusCode,
    ).toBe(200);
    // Both actions are in the account's own log, with their reasons.
    const summary = (await t.client.get(`/api/accounts/${t.accountId}/summary`)).json();
    const keys = summary.recentActivity.map((a: { message: { key: string } | null }) => a.message?.key);
    expect(keys).toEqual(expect.arrayContaining(['accountSuspended', 'accountRestored']));
    const page = (await staff.client.get(`/api/staff/accounts/${t.accountId}`)).json();
    expect(page.suspended).toBe(false);
    expect(page.activity.map((a: { message: unknown }) => a.message)).toContainEqual({
      key: 'accountRestored',
      params: { reason: 'Promised to stop' },
    });
  });

  it('labels accounts, finds them by label, and keeps labels out of the account', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const name = `pilot ${Date.now()}`;
    const made = await staff.client.post('/api/staff/labels', { name });
    expect(made.statusCode).toBe(201);
    const label = made.json();
    expect(
      (await staff.client.post('/api/staff/labels', { name: name.toUpperCase() })).json().error.code,
    ).toBe('LABEL_EXISTS');
    const on = `/api/staff/accounts/${t.accountId}/labels/${label.id}`;
    expect((await staff.client.put(on)).statusCode).toBe(200);
    expect((await staff.client.put(on)).statusCode).toBe(200);
    const found = (await staff.client.get(`/api/staff/accounts?labelId=${label.id}`)).json().accounts;
    expect(found.map((a: { id: string }) => a.id)).toEqual([t.accountId]);
    expect(found[0].labels).toEqual([label]);
    const listed = (await staff.client.get('/api/staff/labels')).json().labels;
    expect(listed.find((l: { id: string }) => l.id === label.id).accounts).toBe(1);
    // The owner's feed does not show the staff's labels.
    const summary = (await t.client.get(`/api/accounts/${t.accountId}/summary`)).json();
    expect(summary.recentActivity.some((a: { eventName: string }) => a.eventName === 'Staff Label')).toBe(
      false,
    );
    expect((await staff.client.delete(on)).statusCode).toBe(200);
    expect((await staff.client.get(`/api/staff/accounts?labelId=${label.id}`)).json().accounts).toEqual([]);
    expect((await staff.client.delete(`/api/staff/labels/${label.id}`)).statusCode).toBe(200);
    expect((await staff.client.put(on)).statusCode).toBe(404);
  });

  it("logs a staff plan change and an SMS top-up with their reasons in the account's log", async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const res = await staff.client.post(`/api/staff/billing/accounts/${t.accountId}/adjustments`, {
      kind: 'grant',
      planId: 'pro',
      months: 3,
      reason: 'Pilot school',
    });
    expect(res.statusCode).toBe(200);
    const page = (await staff.client.get(`/api/staff/accounts/${t.accountId}`)).json();
    expect(page.planId).toBe('pro');
    expect(page.activity[0].message).toEqual({
      key: 'staffPlanGranted',
      params: { plan: 'pro', reason: 'Pilot school' },
    });
    const topUp = await staff.client.post('/api/staff/sms/top-ups', {
      owner: t.userId,
      count: 500,
      note: 'Paid by bKash',
    });
    expect(topUp.statusCode).toBe(200);
    const summary = (await t.client.get(`/api/accounts/${t.accountId}/summary`)).json();
    expect(summary.recentActivity[0].message).toEqual({
      key: 'staffSmsAdded',
      params: { count: 500, reason: 'Paid by bKash' },
    });
  });
});
