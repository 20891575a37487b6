import type { Kysely } from 'kysely';

/**
 * The time of a limit's last hit, so a limit can make the next try wait a delay that grows with
 * each failure (backoff) instead of locking anyone out for a whole window.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rate_limits').addColumn('last_hit_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rate_limits').dropColumn('last_hit_at').execute();
}
