import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { addStudent, adminManages, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The dashboard's first-run checklist through the real app: every step ticks from the account's
// real data, hiding it is kept per account, an admin reads their teacher's and assistants none.

describe.each(DIALECTS)('getting started [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const doneOf = (body: { steps: { key: string; done: boolean }[] }) =>
    Object.fromEntries(body.steps.map((step) => [step.key, step.done]));

  it('ticks each step from what the account holds, in the order shown', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const url = `/api/accounts/${t.accountId}/getting-started`;
    const fresh = await t.client.get(url);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({
      steps: ['classroom', 'students', 'fee', 'sms', 'admission', 'kiosk'].map((key) => ({
        key,
        done: false,
      })),
      dismissed: false,
    });

    await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 0 });
    expect(doneOf((await t.client.get(url)).json())).toMatchObject({ classroom: true, fee: false });
    await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 80_000 });
    await addStudent(t.client, t.accountId);
    const template = await t.client.post(`/api/accounts/${t.accountId}/sms/templates`, {
      name: 'Welcome',
      body: 'Welcome to our coaching',
    });
    expect(template.statusCode, template.body).toBeLessThan(300);
    const kiosk = await t.client.post(`/api/accounts/${t.accountId}/attendance-devices/kiosk`, {
      name: 'Gate',
    });
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    expect(doneOf((await t.client.get(url)).json())).toEqual({
      classroom: true,
      students: true,
      fee: true,
      sms: true,
      admission: false,
      kiosk: true,
    });

    const opened = await t.client.put(url, { admissionLinkOpened: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(doneOf(opened.json()).admission).toBe(true);
    expect(opened.json().dismissed).toBe(false);
  });

  it('remembers a hidden checklist for the account, and refuses an empty change', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const url = `/api/accounts/${t.accountId}/getting-started`;
    expect((await t.client.put(url, {})).statusCode).toBe(400);
    const hidden = await t.client.put(url, { dismissed: true });
    expect(hidden.json().dismissed).toBe(true);
    await t.client.put(url, { admissionLinkOpened: true });
    expect((await t.client.get(url)).json().dismissed).toBe(true);
  });

  it("lets an admin read their teacher's checklist, and nobody else's; assistants never", async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const stranger = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, teacher.accountId);
    await createClassroom(teacher.client, teacher.accountId);
    const url = `/api/accounts/${teacher.accountId}/getting-started`;
    const read = await admin.client.get(url);
    expect(read.statusCode, read.body).toBe(200);
    expect(doneOf(read.json()).classroom).toBe(true);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, teacher.accountId),
    );
    expect((await assistant.get(url)).statusCode).toBe(403);
  });
});
