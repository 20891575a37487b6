import type { Kysely } from 'kysely';

/**
 * The staff console (db/schema-staff-console.ts): an account's suspension (one row while it
 * lasts; restoring deletes it, the activity log keeps the history), the staff's labels and which
 * accounts carry them, and the platform's maintenance switch (one row, read by every process).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_suspensions')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('suspended_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('suspended_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    /** lower-cased name: one label per name whatever its case */
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_label_links')
    .addColumn('label_id', 'text', (c) => c.notNull().references('account_labels.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_label_links_pk', ['label_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('account_label_links_account')
    .on('account_label_links')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('platform_maintenance')
    // Always 'platform': one switch for the whole platform.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_maintenance').execute();
  await db.schema.dropTable('account_label_links').execute();
  await db.schema.dropTable('account_labels').execute();
  await db.schema.dropTable('account_suspensions').execute();
}
