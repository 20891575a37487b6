import type { Kysely } from 'kysely';

/**
 * The counter form's request key on a payment (db/schema-fees.ts): a collect sent twice (a
 * retry on a dropped connection, a second tap) with the same key records one payment. Unique per
 * account; older payments and payments from elsewhere have none.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('request_key', 'text').execute();
  await db.schema
    .createIndex('payments_request_key_idx')
    .on('payments')
    .columns(['account_id', 'request_key'])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_request_key_idx').execute();
  await db.schema.alterTable('payments').dropColumn('request_key').execute();
}
