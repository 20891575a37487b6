import type { Kysely } from 'kysely';

/**
 * The money manager's manual income and expense entries (db/schema-money.ts).
 * Its reports sum an account's entries and payments over a range of days, and the waivers and
 * discounts granted in it: the indexes serve those ranges.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('money_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'bigint')
    .addColumn('removed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('money_entries_time_idx')
    .on('money_entries')
    .columns(['account_id', 'occurred_at'])
    .execute();
  // "Total waived" of a range counts the waivers and discounts granted in it.
  await db.schema
    .createIndex('fee_adjustments_created_idx')
    .on('fee_adjustments')
    .columns(['account_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fee_adjustments_created_idx').execute();
  await db.schema.dropTable('money_entries').execute();
}
