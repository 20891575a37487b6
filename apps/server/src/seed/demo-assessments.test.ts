import { dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

// The demo's assessments: report cards show real results on first start.

describe.each(DIALECTS)('demo assessments [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('gives the demo teacher’s Physics batch two published assessments of one term with every mark', async () => {
    await seedDemoOnce(ctx.deps);
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const session = (await client.get('/api/session')).json();
    const accountId = session.accounts.find((a: { relation: string }) => a.relation === 'owner').id;
    const rooms = (await client.get(`/api/accounts/${accountId}/classrooms`)).json();
    const physics = (rooms.classrooms ?? rooms).find(
      (c: { name: string }) => c.name === 'Physics Morning Batch',
    );
    const base = `/api/accounts/${accountId}/classrooms/${physics.id}`;
    const term = `Half-yearly ${dayOf(ctx.deps.clock.now()).slice(0, 4)}`;
    const terms = (await client.get(`${base}/assessment-terms`)).json();
    expect(terms.terms).toEqual([expect.objectContaining({ term, assessments: 2, published: 2 })]);

    const results = (
      await client.get(`${base}/term-results?term=${encodeURIComponent(term)}&published=true`)
    ).json();
    expect(results.assessments.map((a: { name: string }) => a.name)).toEqual(['Class test 1', 'Half-yearly']);
    expect(results.students.length).toBeGreaterThanOrEqual(6);
    const all = results.results as { complete: boolean; gpa: number; passed: boolean; position: number }[];
    expect(all.every((r) => r.complete)).toBe(true);
    expect(all.filter((r) => r.passed === false)).toHaveLength(1);
    expect(all.some((r) => r.gpa === 5)).toBe(true);
    expect(all.map((r) => r.position).sort()).toContain(1);
    const grid = (
      await client.get(`/api/accounts/${accountId}/assessments/${results.assessments[0].id}/marks`)
    ).json();
    expect(grid.cells.some((c: { absent: boolean }) => c.absent)).toBe(true);
  });
});
