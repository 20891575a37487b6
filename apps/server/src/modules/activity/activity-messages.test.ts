import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { migrateBefore } from '../../test/migrations';
import { createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Activity entries as a key with parameters on both databases: new entries are written with
// their key, the dashboard's summary hands the key to the web (which shows it in the reader's
// language), and the migration reads entries written before into keys, leaving unknown text plain.

describe.each(DIALECTS)('activity messages [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('writes a new entry with its key and parameters and gives them to the dashboard', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    await createClassroom(t.client, t.accountId, { name: 'Physics A' });
    const summary = (await t.client.get(`/api/accounts/${t.accountId}/summary`)).json();
    expect(summary.recentActivity[0]).toMatchObject({
      summary: 'Created classroom Physics A',
      message: { key: 'classroomCreated', params: { classroom: 'Physics A' } },
    });
  });

  it('reads entries written before keys into key and parameters, and keeps other text plain', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const db = ctx.deps.db.kysely;
    // Back to just before the migration that introduced keys (and every later one).
    const migrator = await migrateBefore(db, ctx.database.schema, '0039-numbers-and-activity-keys');
    const now = ctx.deps.clock.now();
    const entry = (id: string, summary: string) => ({
      id,
      account_id: t.accountId,
      actor_id: null,
      actor_name: null,
      impersonator_id: null,
      event_name: 'Collect Payment',
      summary,
      subject_type: null,
      subject_id: null,
      data: null,
      created_at: now,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
    await (db as any)
      .insertInto('activity_log')
      .values([
        entry('zz-old-1', 'Receipt 29: ৳1,500 from Rafi Islam (cash)'),
        entry('zz-old-2', 'Something of no known form: Udoy'),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('activity_log')
      .select(['id', 'summary', 'message_key', 'message_params'])
      .where('id', 'in', ['zz-old-1', 'zz-old-2'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.message_key, r.message_params && JSON.parse(r.message_params)])).toEqual([
      ['paymentCollected', { receipt: 29, amount: 1500, student: 'Rafi Islam', method: 'cash' }],
      [null, null],
    ]);
    expect(rows[1]!.summary).toBe('Something of no known form: Udoy');
  });

  it('gives keys to device, staff, link, fee, payment, invitation and settings entries written before', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const db = ctx.deps.db.kysely;
    const migrator = await migrateBefore(db, ctx.database.schema, '0047-more-activity-keys');
    const now = ctx.deps.clock.now();
    const summaries = [
      'Removed ZKTeco device Main gate (CQZ7231460012)',
      'Invited rafi@school.test as an assistant',
      'waiver for Rafi Islam, Physics A 2026-11: sick all month',
      '3 report card link(s) made for Physics A, Half-yearly 2026',
      'Changed online payment on, sslcommerz storeId',
      'Institution settings changed: Udoy',
      'Something of no known form',
    ];
    await db
      .insertInto('activity_log')
      .values(
        summaries.map((summary, i) => ({
          id: `zz-before-${i}`,
          account_id: t.accountId,
          actor_id: null,
          actor_name: null,
          impersonator_id: null,
          event_name: 'Any',
          summary,
          message_key: null,
          message_params: null,
          subject_type: null,
          subject_id: null,
          data: null,
          created_at: now,
        })),
      )
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('activity_log')
      .select(['message_key', 'message_params'])
      .where('id', 'like', 'zz-before-%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.message_key, r.message_params && JSON.parse(r.message_params)])).toEqual([
      ['deviceRemoved', { device: 'Main gate', serial: 'CQZ7231460012' }],
      ['invitedAssistant', { contact: 'rafi@school.test' }],
      [
        'feeAdjusted',
        {
          kind: 'waiver',
          student: 'Rafi Islam',
          classroom: 'Physics A',
          month: '2026-11',
          reason: 'sick all month',
        },
      ],
      ['reportLinksMade', { count: 3, classroom: 'Physics A', term: 'Half-yearly 2026' }],
      ['merchantSettingsChanged', { changes: 'online payment on, sslcommerz storeId' }],
      ['institutionChanged', { institution: 'Udoy' }],
      [null, null],
    ]);
  });
});
