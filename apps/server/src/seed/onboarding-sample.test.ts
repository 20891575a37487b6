import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { multipartFile, TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

// The sample filled template (the bulk onboarding capability's "Demo"): made from the demo teacher's own template, so a
// newcomer signed in as the demo teacher can upload it and watch twenty students arrive. This
// keeps it importable as the template or the demo changes.

const SAMPLE = new URL('./onboarding-sample.xlsx', import.meta.url);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DIALECTS)('onboarding sample [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('imports cleanly into the demo teacher account: twenty students across both classrooms', async () => {
    await seedDemoOnce(ctx.deps);
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const accountId: string = (await client.get('/api/session')).json().accounts[0].id;
    const form = await multipartFile('file', 'onboarding-sample.xlsx', XLSX, await readFile(SAMPLE));
    const post = (step: string) =>
      client.request({ method: 'POST', url: `/api/accounts/${accountId}/onboarding/${step}`, ...form });

    const check = (await post('check')).json();
    expect(check).toMatchObject({ ok: true, errors: [], entityLabel: 'Student' });
    expect(check.students).toHaveLength(20);
    expect(check.students[2]).toMatchObject({ row: 4, name: 'তাহমিদ রহমান', rfid: 'RF-20103' });
    const imported = (await post('import')).json();
    expect(imported).toMatchObject({ created: 20, enrolments: 26 });
    expect(imported.classrooms.map((c: { students: number }) => c.students)).toEqual([14, 12]);
  });
});
