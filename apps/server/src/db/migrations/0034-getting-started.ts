import type { Kysely } from 'kysely';

/**
 * The dashboard's first-run checklist (db/schema-getting-started.ts): per account, when its
 * teacher hid it and when they opened their admission link. The other steps tick from the
 * account's own data, so nothing else is stored.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('getting_started')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('dismissed_at', 'bigint')
    .addColumn('admission_link_opened_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('getting_started').execute();
}
