import { type Kysely, sql } from 'kysely';

/**
 * Dues reminders by SMS (db/schema-dues-reminders.ts): an account's automatic
 * monthly reminder, and one row per account and month it ran. The run's primary key is what makes
 * the reminder go out once a month, however many workers or restarts try it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dues_reminder_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('day_of_month', 'integer', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('to_student', 'integer', (c) => c.notNull())
    .addColumn('to_parent1', 'integer', (c) => c.notNull())
    .addColumn('to_parent2', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('dues_reminder_settings_due_idx')
    .on('dues_reminder_settings')
    .columns(['enabled', 'day_of_month'])
    .execute();

  await db.schema
    .createTable('dues_reminder_runs')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('send_id', 'text')
    .addPrimaryKeyConstraint('dues_reminder_runs_pk', ['account_id', 'month'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dues_reminder_runs').execute();
  await db.schema.dropTable('dues_reminder_settings').execute();
}
