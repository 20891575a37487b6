import type { Kysely } from 'kysely';

/**
 * The landing page's editable content (one row, JSON; modules/landing-config), and the indexes
 * the platform-wide activity summary and business insight read by: the activity log and download
 * usage by time alone (staff look across accounts), and the tables the platform's monthly figures
 * sum by when their rows were made.
 */
const TIMED_TABLES = ['accounts', 'students', 'sms_sends', 'online_payments', 'platform_purchases'];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('landing_config')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('activity_log_created_idx')
    .on('activity_log')
    .columns(['created_at'])
    .execute();
  await db.schema
    .createIndex('download_usage_created_idx')
    .on('download_usage')
    .columns(['created_at'])
    .execute();
  // Staff's platform figures sum these over months of every account.
  for (const table of TIMED_TABLES)
    await db.schema.createIndex(`${table}_created_idx`).on(table).columns(['created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TIMED_TABLES) await db.schema.dropIndex(`${table}_created_idx`).execute();
  await db.schema.dropIndex('download_usage_created_idx').execute();
  await db.schema.dropIndex('activity_log_created_idx').execute();
  await db.schema.dropTable('landing_config').execute();
}
