import { type Kysely, sql } from 'kysely';

/**
 * SMS sending: the quota ledger, sends and their messages (db/schema-sms.ts). Every
 * existing account opens its ledger with its current quota, so the ledger adds up from day one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('send_id', 'text')
    .addColumn('actor_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_ledger_account_idx')
    .on('sms_ledger')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payer_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('rate_paisa', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('parts', 'integer', (c) => c.notNull())
    .addColumn('quota_after', 'integer', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_sends_account_idx')
    .on('sms_sends')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('send_id', 'text', (c) => c.notNull().references('sms_sends.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('parts', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('provider_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The dispatcher's claim: a send's messages by status (queued ones, and `sending` ones whose
  // lease ran out).
  await db.schema
    .createIndex('sms_messages_send_status_idx')
    .on('sms_messages')
    .columns(['send_id', 'status'])
    .execute();

  await sql`INSERT INTO sms_ledger (id, account_id, delta, balance_after, reason, send_id, actor_user_id, note, created_at)
    SELECT 'opening-' || id, id, sms_quota, sms_quota, 'opening', NULL, NULL, NULL, created_at FROM accounts`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_messages').execute();
  await db.schema.dropTable('sms_sends').execute();
  await db.schema.dropTable('sms_ledger').execute();
}
