import type { Kysely } from 'kysely';

/**
 * The Recycle bin (db/schema-recycle-bin.ts): on a plan with data recovery, a deletion writes a
 * JSON copy of every row it removes here, in the same transaction, so the owner can put it back
 * with the same ids until `expires_at`; a daily job purges what has expired.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recycle_bin')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('deleted_by_name', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recycle_bin_account')
    .on('recycle_bin')
    .columns(['account_id', 'deleted_at'])
    .execute();
  await db.schema.createIndex('recycle_bin_expiry').on('recycle_bin').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recycle_bin').execute();
}
