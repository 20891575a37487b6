import type { Kysely } from 'kysely';

/**
 * Imports from the original product's Firebase Realtime Database export (db/schema-firebase-import.ts):
 * which of our rows each Firebase record became, so a second run updates instead of duplicating,
 * and every run's report for staff.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('firebase_import_keys')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('firebase_key', 'text', (c) => c.notNull())
    .addColumn('our_id', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('firebase_import_keys_pk', ['kind', 'firebase_key'])
    .execute();

  await db.schema
    .createTable('firebase_import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('firebase_import_runs').execute();
  await db.schema.dropTable('firebase_import_keys').execute();
}
