import type { Kysely } from 'kysely';

/**
 * Account exports (db/schema-account-export.ts): one row per archive an owner asked for, with the
 * background job's progress and when its download link stops working.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('link_secret', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_exports_account')
    .on('account_exports')
    .columns(['account_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_exports').execute();
}
