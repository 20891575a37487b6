import { addDays, dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

// The demo's attendance: the register, the devices page and the report card's
// attendance show real figures on first start, read through the same routes the pages use.

describe.each(DIALECTS)('demo attendance [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('gives the demo teacher’s classrooms past sessions marked by the gate and at roll call', async () => {
    await seedDemoOnce(ctx.deps);
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const session = (await client.get('/api/session')).json();
    const accountId = session.accounts.find((a: { relation: string }) => a.relation === 'owner').id;
    const rooms = (await client.get(`/api/accounts/${accountId}/classrooms`)).json();
    const physics = (rooms.classrooms ?? rooms).find(
      (c: { name: string }) => c.name === 'Physics Morning Batch',
    );
    const base = `/api/accounts/${accountId}/classrooms/${physics.id}/attendance`;
    const lastMonth = addDays(dayOf(ctx.deps.clock.now()), -30).slice(0, 7);
    const register = (await client.get(`${base}/register?month=${lastMonth}`)).json();
    expect(register.sessions.length).toBeGreaterThanOrEqual(4);
    const statuses = new Set(register.students.flatMap((s: { statuses: string[] }) => s.statuses));
    for (const status of ['present', 'late', 'absent']) expect(statuses).toContain(status);

    const devices = (await client.get(`/api/accounts/${accountId}/attendance-devices`)).json();
    const tablet = devices.devices.find((d: { name: string }) => d.name === 'Front gate tablet');
    expect(tablet).toMatchObject({ kind: 'kiosk' });
    expect(tablet.lastContactAt).toBeGreaterThan(0);

    // The demo report card now has the term's attendance beside its marks.
    const term = `Half-yearly ${dayOf(ctx.deps.clock.now()).slice(0, 4)}`;
    const results = (
      await client.get(
        `/api/accounts/${accountId}/classrooms/${physics.id}/term-results?term=${encodeURIComponent(term)}&published=true`,
      )
    ).json();
    const studentId = results.results[0].studentId;
    const card = (
      await client.get(
        `/api/accounts/${accountId}/classrooms/${physics.id}/report-cards/students/${studentId}?term=${encodeURIComponent(term)}`,
      )
    ).json();
    expect(card.attendance?.sessions ?? 0).toBeGreaterThan(0);
  });
});
