import type { Kysely } from 'kysely';

/**
 * What each record of a Firebase export was when it was last imported (db/schema-firebase-import.ts):
 * a rerun of an unchanged record replays its report instead of comparing its rows again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('firebase_import_records')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('firebase_key', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('replay', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('firebase_import_records_pk', ['section', 'firebase_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('firebase_import_records').execute();
}
