import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

describe.each(DIALECTS)('demo classrooms and students [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('gives the demo teacher students to page, an archive and discrepancies to verify', async () => {
    await seedDemoOnce(ctx.deps);
    const teacher = new TestClient(ctx.app);
    await teacher.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const accountId = (await teacher.get('/api/session')).json().activeAccountId as string;

    const list = (await teacher.get(`/api/accounts/${accountId}/students`)).json();
    expect(list.total).toBe(8);
    const ids = list.items.map((s: { customId: string }) => s.customId);
    expect(new Set(ids).size).toBe(ids.length);

    const archive = (await teacher.get(`/api/accounts/${accountId}/archive`)).json();
    expect(archive.items.map((s: { name: string; enrolled: boolean }) => [s.name, s.enrolled])).toEqual([
      ['Arif Mahmud', true],
      ['Farhan Kabir', false],
    ]);

    const flagged = (await teacher.get(`/api/accounts/${accountId}/student-verification`)).json().students;
    expect(flagged.map((s: { name: string; reasons: string[] }) => [s.name, s.reasons])).toEqual([
      ['Nabila Akter', ['invalid-phone']],
      ['Sabbir Hossain', ['shared-phone']],
      ['Sadia Afrin', ['shared-phone']],
    ]);
    const fields = (await teacher.get(`/api/accounts/${accountId}/student-fields`)).json();
    expect(fields.fields.map((f: { name: string }) => f.name)).toEqual(['Date Of Birth', 'Blood Group']);
    expect(fields.nextCustomId).toBe('ID-10');
  });

  it('gives the demo teacher an open admission form and pending applications to decide', async () => {
    await seedDemoOnce(ctx.deps);
    const teacher = new TestClient(ctx.app);
    await teacher.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const accountId = (await teacher.get('/api/session')).json().activeAccountId as string;

    const form = (await new TestClient(ctx.app).get(`/api/public/admission/${accountId}`)).json();
    expect(form.institution).toBe(DEMO.teacher.institution);
    expect(form.settings).toMatchObject({ acceptingApplications: true, collectParentsPhone: true });
    expect(form.settings.customFields).toEqual(['Blood Group', 'Date Of Birth', 'Address']);

    const inbox = (
      await teacher.get(`/api/accounts/${accountId}/admission/applications?status=Pending`)
    ).json();
    expect(inbox.items.map((a: { name: string; duplicate: boolean }) => [a.name, a.duplicate])).toEqual([
      ['Nafisa Tabassum', false],
      ['সাকিব হাসান', false],
      ['Rumana Akter', true],
    ]);
    expect(inbox.items[0].courseClassroomId).not.toBeNull();
  });
});
