import type { Kysely } from 'kysely';

/**
 * What the gateway kept of an online payment (the staff's balances page):
 * SSLCommerz's validation answer carries `store_amount`, the amount less its fee; bKash's execute
 * answer carries no fee, so its payments leave the column null ("not reported"), never a guess.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('online_payments').addColumn('gateway_fee', 'bigint').execute();
  // The balances page sums paid attempts of every account over a period.
  await db.schema
    .createIndex('online_payments_status_updated_idx')
    .on('online_payments')
    .columns(['status', 'updated_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('online_payments_status_updated_idx').execute();
  await db.schema.alterTable('online_payments').dropColumn('gateway_fee').execute();
}
