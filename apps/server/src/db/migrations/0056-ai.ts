import type { Kysely } from 'kysely';

/**
 * The AI tools (db/schema-ai.ts): each account's AI credits, their ledger (a monthly allowance
 * from the plan, one row per charged request) and every request made to the model with its
 * tokens, whether or not it succeeded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_credit_balances')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ai_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('prompt_version', 'integer', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_requests_account_idx')
    .on('ai_requests')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('ai_credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.references('ai_requests.id').onDelete('set null'))
    // The allowance's month (YYYY-MM): unique per account, so two requests at once grant it once.
    .addColumn('month', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_credit_ledger_month_idx')
    .on('ai_credit_ledger')
    .columns(['account_id', 'month'])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_credit_ledger').execute();
  await db.schema.dropTable('ai_requests').execute();
  await db.schema.dropTable('ai_credit_balances').execute();
}
