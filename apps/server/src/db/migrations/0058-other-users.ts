import type { Kysely } from 'kysely';

/**
 * The account's other users (db/schema-other-users.ts): staff, guards and visitors with an access
 * code that is also their ZKTeco PIN, and their entry/exit log, kept apart from students' punches
 * so no attendance mark or parent SMS ever follows from them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('other_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('other_users_code_idx')
    .on('other_users')
    .columns(['account_id', 'code'])
    .unique()
    .execute();

  await db.schema
    .createTable('other_user_punches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('other_user_id', 'text', (c) => c.notNull().references('other_users.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.references('attendance_devices.id').onDelete('set null'))
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A punch its device sends again (the kiosk's offline queue, a ZKTeco resend) is the same punch.
  await db.schema
    .createIndex('other_user_punches_dedupe_idx')
    .on('other_user_punches')
    .columns(['device_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('other_user_punches_account_idx')
    .on('other_user_punches')
    .columns(['account_id', 'at'])
    .execute();
  await db.schema
    .createIndex('other_user_punches_person_idx')
    .on('other_user_punches')
    .columns(['other_user_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('other_user_punches').execute();
  await db.schema.dropTable('other_users').execute();
}
