import { addDays, dayOf, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/http';
import { DIALECTS, useTestApp } from '../test/test-deps';
import { DEMO } from './demo-accounts';
import { seedDemoOnce } from './seed';

// The demo's money: the money manager opens on months of real figures.

describe.each(DIALECTS)('demo money [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('gives the demo teacher months of payments, a refund, a waiver and expenses', async () => {
    await seedDemoOnce(ctx.deps);
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/sign-in', { email: DEMO.teacher.email, password: DEMO.password });
    const session = (await client.get('/api/session')).json();
    const accountId = session.accounts.find((a: { relation: string }) => a.relation === 'owner').id;
    const today = dayOf(ctx.deps.clock.now());
    const from = addDays(today, -130);
    const report = (
      await client.get(`/api/accounts/${accountId}/money/report?from=${from}&to=${today}`)
    ).json();
    expect(report.summary.totalCollectedPaisa).toBeGreaterThan(1_000_000);
    expect(report.summary.totalRefundedPaisa).toBeGreaterThan(0);
    expect(report.summary.totalWaivedPaisa).toBeGreaterThan(0);
    expect(report.summary.totalExpensePaisa).toBeGreaterThan(0);
    expect(report.summary.manualIncomePaisa).toBeGreaterThan(0);
    const series = (
      await client.get(`/api/accounts/${accountId}/money/series?from=${from}&to=${today}`)
    ).json();
    expect(series.unit).toBe('month');
    expect(
      series.points.filter((p: { incomePaisa: number }) => p.incomePaisa > 0).length,
    ).toBeGreaterThanOrEqual(3);
    const collection = (
      await client.get(`/api/accounts/${accountId}/money/collection?month=${monthOf(ctx.deps.clock.now())}`)
    ).json();
    expect(collection.classrooms.length).toBe(2);

    // Receipt numbers run from 1 without gaps, as the counter's do.
    const receipts = await ctx.deps.db.kysely
      .selectFrom('payments')
      .select('receipt_no')
      .where('account_id', '=', accountId)
      .orderBy('receipt_no')
      .execute();
    expect(receipts.map((r) => Number(r.receipt_no))).toEqual(receipts.map((_, i) => i + 1));
  });
});
