import { describe, expect, it } from 'vitest';
import { uniquePhone } from '../../test/factories';
import { migrateBefore } from '../../test/migrations';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps } from './admission-fixtures';

// Short application numbers on both databases: each account counts its own applications from
// A-1001, parallel submissions never share a number, the inbox shows and finds them, and the
// migration numbers applications sent before it in the order they were sent.

describe.each(DIALECTS)('application numbers [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { institution, submit, basic } = admissionSteps(ctx);
  const send = async (key: string) => {
    const res = await submit(key, basic({ phone: uniquePhone() }));
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; number: number };
  };

  it('numbers each account from A-1001 on its own', async () => {
    const a = await institution();
    const b = await institution();
    expect((await send(a.t.accountId)).number).toBe(1001);
    expect((await send(a.t.accountId)).number).toBe(1002);
    expect((await send(b.t.accountId)).number).toBe(1001);
    expect((await send(a.t.accountId)).number).toBe(1003);
  });

  it('gives parallel submissions distinct numbers with no gap', async () => {
    const { t } = await institution();
    const sent = await Promise.all(Array.from({ length: 12 }, () => send(t.accountId)));
    const numbers = sent.map((s) => s.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => 1001 + i));
  });

  it('shows the number in the inbox and finds an application by it', async () => {
    const { t } = await institution();
    await send(t.accountId);
    const second = await send(t.accountId);
    const list = async (q: string) => {
      const res = await t.client.get(
        `/api/accounts/${t.accountId}/admission/applications?q=${encodeURIComponent(q)}`,
      );
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: { id: string; number: number }[] }).items;
    };
    for (const q of ['A-1002', 'a1002', '1002']) {
      expect(await list(q)).toEqual([expect.objectContaining({ id: second.id, number: 1002 })]);
    }
    const one = await t.client.get(`/api/accounts/${t.accountId}/admission/applications/${second.id}`);
    expect(one.json()).toMatchObject({ number: 1002 });
  });

  it('numbers the applications sent before the migration in the order they were sent', async () => {
    const a = await institution();
    const b = await institution();
    // Three applications sent at the same moment and one earlier, the way the old table held them.
    const ids = [await send(a.t.accountId), await send(b.t.accountId), await send(a.t.accountId)];
    const db = ctx.deps.db.kysely;
    const early = await send(a.t.accountId);
    await db
      .updateTable('admission_applications')
      .set({ created_at: 1 })
      .where('id', '=', early.id)
      .execute();
    // Back to just before the migration that numbers applications (and every later one), then up.
    const migrator = await migrateBefore(db, ctx.database.schema, '0039-numbers-and-activity-keys');
    const redo = await migrator.migrateToLatest();
    expect(redo.error).toBeUndefined();
    const rows = await db
      .selectFrom('admission_applications')
      .select(['id', 'account_id', 'number'])
      .where('account_id', 'in', [a.t.accountId, b.t.accountId])
      .execute();
    const numberOf = new Map(rows.map((r) => [r.id, Number(r.number)]));
    expect([early, ...ids].map((s) => numberOf.get(s.id))).toEqual([1001, 1002, 1001, 1003]);
    // The counters carry on after the last number.
    expect((await send(a.t.accountId)).number).toBe(1004);
    expect((await send(b.t.accountId)).number).toBe(1002);
  });
});
