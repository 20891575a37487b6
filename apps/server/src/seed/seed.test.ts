import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

describe.each(DIALECTS)('demo seed [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('seeds once and names the same sign-ins on every start', async () => {
    const first = await seedDemoOnce(ctx.deps);
    const second = await seedDemoOnce(ctx.deps);
    expect(second).toEqual(first);
    expect(first.map((s) => s.role)).toEqual(
      expect.arrayContaining([
        'Teacher',
        'Admin (2 teachers)',
        'Teacher assistant',
        'Student',
        'Parent',
        'Staff',
      ]),
    );
    const users = await ctx.deps.db.kysely
      .selectFrom('users')
      .select('email')
      .where('email', '=', DEMO.teacher.email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('lets every printed e-mail sign-in work and load its role', async () => {
    const expected: Record<string, string> = {
      [DEMO.teacher.email]: '/teacher/dashboard',
      [DEMO.admin.email]: '/admin/dashboard',
      [DEMO.assistant.email]: '/teacherAssistant/dashboard',
      [DEMO.staff.email]: '/staff/dashboard',
    };
    for (const [email, home] of Object.entries(expected)) {
      const client = new TestClient(ctx.app);
      const res = await client.post('/api/auth/sign-in', { email, password: DEMO.password });
      expect(res.json().homePath, email).toBe(home);
      expect((await client.get('/api/session')).statusCode).toBe(200);
    }
    const admin = new TestClient(ctx.app);
    await admin.post('/api/auth/sign-in', { email: DEMO.admin.email, password: DEMO.password });
    const session = (await admin.get('/api/session')).json();
    expect(session.accounts.filter((a: { relation: string }) => a.relation === 'admin')).toHaveLength(2);
  });

  it('lets the demo student and parent sign in by phone code', async () => {
    for (const [phone, home] of [
      [DEMO.student.phone, '/student/dashboard'],
      [DEMO.parent.phone, '/parent/dashboard'],
    ] as const) {
      const client = new TestClient(ctx.app);
      await client.post('/api/auth/phone/code', { phone });
      await ctx.deps.createWorker().drain();
      const sms = (await ctx.deps.outbox.listNewest('sms', 20)).find((m) => m.to === phone)!;
      const code = /\b(\d{6})\b/.exec(sms.body)![1];
      const res = await client.post('/api/auth/phone/verify', { phone, code });
      expect(res.json().homePath).toBe(home);
      const session = (await client.get('/api/session')).json();
      expect(session.students.map((s: { name: string }) => s.name)).toContain(DEMO.student.name);
    }
  });
});
