import type { Kysely } from 'kysely';

/**
 * When each rate-limit row stops mattering (its window's end), so a scheduled job can delete the
 * rows of ended windows instead of keeping every window of every address for ever.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('expires_at', 'bigint').execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_limits_expires_at').execute();
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
}
