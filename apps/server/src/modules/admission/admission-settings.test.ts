import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { adminManages, assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps } from './admission-fixtures';

// The staff admission settings through the real app on both databases: read,
// save, kept apart from the account's other settings, validated, limited to owners and admins,
// and what the public wizard then reads.

const DEFAULTS = {
  acceptingApplications: true,
  collectPicture: false,
  collectParentsPhone: false,
  requireUniqueParentsPhone: false,
  collectAdditionalInfo: false,
  customFields: [],
  attachments: [],
};

const SAVED = {
  settings: {
    acceptingApplications: true,
    collectPicture: true,
    collectParentsPhone: true,
    requireUniqueParentsPhone: true,
    collectAdditionalInfo: true,
    customFields: ['Blood Group', 'School'],
    attachments: [{ name: 'Prospectus', url: 'https://example.com/prospectus.pdf' }],
  },
  language: 'bn',
};

describe.each(DIALECTS)('online admission, settings [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { anonymous } = admissionSteps(ctx);
  const pathOf = (accountId: string) => `/api/accounts/${accountId}/admission/settings`;

  it('gives the defaults and the shareable link when nothing is saved', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const res = await t.client.get(pathOf(t.accountId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: DEFAULTS,
      language: 'en',
      link: `/s-online-admission?key=${t.accountId}`,
    });
  });

  it('saves and reads back, keeps the other settings, and the public wizard shows the new ones', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const welcome = `/api/accounts/${t.accountId}/sms/welcome`;
    const message = 'Welcome {name} to {institution}';
    expect((await t.client.put(welcome, { includeStudent: true, message })).statusCode).toBe(200);

    const saved = await t.client.put(pathOf(t.accountId), SAVED);
    expect(saved.statusCode).toBe(200);
    const expected = { ...SAVED, link: `/s-online-admission?key=${t.accountId}` };
    expect(saved.json()).toEqual(expected);
    expect((await t.client.get(pathOf(t.accountId))).json()).toEqual(expected);

    expect((await t.client.get(welcome)).json()).toEqual({
      includeStudent: true,
      includeParent1: false,
      includeParent2: false,
      message,
    });
    // Saving the welcome SMS again leaves the admission settings as they are.
    expect((await t.client.put(welcome, { includeParent1: true, message })).statusCode).toBe(200);
    expect((await t.client.get(pathOf(t.accountId))).json()).toEqual(expected);

    const info = await anonymous().get(`/api/public/admission/${t.accountId}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ language: 'bn', settings: SAVED.settings });

    // Turning things off again is seen by the wizard too.
    await t.client.put(pathOf(t.accountId), { settings: { customFields: ['Address'] } });
    expect((await anonymous().get(`/api/public/admission/${t.accountId}`)).json()).toMatchObject({
      language: 'en',
      settings: { ...DEFAULTS, customFields: ['Address'] },
    });
  });

  it('keeps both of two settings saved at the same moment (the account row is held)', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const welcome = `/api/accounts/${t.accountId}/sms/welcome`;
    const message = 'Welcome {name}';
    const saves = await Promise.all([
      t.client.put(pathOf(t.accountId), SAVED),
      t.client.put(welcome, { includeStudent: true, message }),
    ]);
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await t.client.get(pathOf(t.accountId))).json()).toMatchObject(SAVED);
    expect((await t.client.get(welcome)).json()).toMatchObject({ includeStudent: true, message });
  });

  it('refuses invalid settings with a 400 and stores nothing', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const put = (settings: object) => t.client.put(pathOf(t.accountId), { settings, language: 'en' });

    const duplicate = await put({ customFields: ['Blood Group', 'blood group '] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toMatchObject({
      code: 'ADMISSION_CUSTOM_FIELD_DUPLICATE',
      message: 'The custom field "blood group" is listed more than once.',
    });

    const tooMany = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));
    for (const settings of [
      { customFields: tooMany(21, (i) => `Field ${i}`) },
      { customFields: ['x'.repeat(61)] },
      { customFields: [''] },
      { attachments: tooMany(11, (i) => ({ name: `File ${i}`, url: 'https://example.com/a.pdf' })) },
      { attachments: [{ name: 'x'.repeat(101), url: 'https://example.com/a.pdf' }] },
      { attachments: [{ name: 'Script', url: 'javascript:alert(1)' }] },
      { attachments: [{ name: 'Ftp', url: 'ftp://example.com/a.pdf' }] },
      { collectPicture: 'yes' },
    ]) {
      expect((await put(settings)).statusCode, JSON.stringify(settings)).toBe(400);
    }
    expect((await t.client.put(pathOf(t.accountId), { settings: {}, language: 'de' })).statusCode).toBe(400);
    expect((await t.client.get(pathOf(t.accountId))).json()).toMatchObject({ settings: DEFAULTS });
  });

  it("lets the account's admin in, and refuses assistants and other accounts", async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, t.accountId);
    expect((await admin.client.put(pathOf(t.accountId), SAVED)).statusCode).toBe(200);
    expect((await admin.client.get(pathOf(t.accountId))).json()).toMatchObject({ language: 'bn' });

    // Even an assistant with every grant account-wide works applications, not the settings.
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true, sendSms: true }),
    );
    expect((await assistant.get(`/api/accounts/${t.accountId}/admission/applications`)).statusCode).toBe(200);
    expect((await assistant.get(pathOf(t.accountId))).statusCode).toBe(403);
    expect((await assistant.put(pathOf(t.accountId), { settings: {} })).statusCode).toBe(403);

    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(pathOf(t.accountId))).statusCode).toBe(404);
    expect((await other.client.put(pathOf(t.accountId), { settings: {} })).statusCode).toBe(404);
    expect((await anonymous().get(pathOf(t.accountId))).statusCode).toBe(401);

    expect((await t.client.get(pathOf(t.accountId))).json()).toMatchObject(SAVED);
  });
});
