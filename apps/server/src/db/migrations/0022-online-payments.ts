import type { Kysely } from 'kysely';

/**
 * Online payment (db/schema-online-pay.ts): pay links per student, merchant
 * settings per account with sealed credentials, and payment attempts. The unique indexes make a
 * gateway's transaction id name one attempt, whatever reports it how often.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_pay_links')
    .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('pay_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('merchant_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('sslcommerz_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sslcommerz_mode', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .addColumn('sslcommerz_secret', 'text')
    .addColumn('bkash_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bkash_mode', 'text', (c) => c.notNull().defaultTo('sandbox'))
    .addColumn('bkash_secret', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('online_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('tran_id', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('gateway_trx_id', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_id', 'text', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('execute_claimed_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('online_payments_tran_idx')
    .on('online_payments')
    .columns(['gateway', 'tran_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('online_payments_gateway_payment_idx')
    .on('online_payments')
    .columns(['gateway', 'gateway_payment_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('online_payments_account_idx')
    .on('online_payments')
    .columns(['account_id', 'created_at'])
    .execute();
  // The sweep that expires attempts past their window reads by status and deadline.
  await db.schema
    .createIndex('online_payments_pending_idx')
    .on('online_payments')
    .columns(['status', 'expires_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('online_payments').execute();
  await db.schema.dropTable('merchant_settings').execute();
  await db.schema.dropTable('student_pay_links').execute();
}
