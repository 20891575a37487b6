import type { Kysely } from 'kysely';

/**
 * Server errors per account (db/schema-error-reports.ts): the staff console's account page shows
 * the 5xx answers of that account's routes, grouped by fingerprint as the error reports are, so
 * a row per account and fingerprint, counted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_errors')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('error_name', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_errors_pk', ['account_id', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('account_errors_recent_idx')
    .on('account_errors')
    .columns(['account_id', 'last_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_errors').execute();
}
