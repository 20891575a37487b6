import type { Kysely } from 'kysely';

/**
 * Platform billing (db/schema-billing.ts): purchases from the platform (a plan for some months
 * or an SMS pack), the plan ledger, billing settings, a staff discount per account and the end
 * date the last renewal reminder was sent for (so each end date is reminded once).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('months', 'integer')
    .addColumn('sms_count', 'integer')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('tran_id', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('gateway_trx_id', 'text', (c) => c.unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('execute_claimed_at', 'bigint')
    .addColumn('plan_ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('platform_purchases_account_idx')
    .on('platform_purchases')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('platform_purchases_payment_idx')
    .on('platform_purchases')
    .columns(['gateway', 'gateway_payment_id'])
    .execute();

  await db.schema
    .createTable('plan_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('ends_before', 'bigint')
    .addColumn('ends_after', 'bigint')
    .addColumn('discount_percent', 'integer')
    .addColumn('purchase_id', 'text', (c) => c.unique())
    .addColumn('actor_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_ledger_account_idx')
    .on('plan_ledger')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('billing_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .alterTable('accounts')
    .addColumn('plan_discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('accounts').addColumn('plan_reminded_for', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('plan_reminded_for').execute();
  await db.schema.alterTable('accounts').dropColumn('plan_discount_percent').execute();
  await db.schema.dropTable('billing_settings').execute();
  await db.schema.dropTable('plan_ledger').execute();
  await db.schema.dropTable('platform_purchases').execute();
}
