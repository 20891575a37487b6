import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * Webhook endpoints join the tables PostgreSQL stamps (migration 0075): a student save reports to
 * the account's enabled endpoints, and that list is kept until an endpoint changes, as of the
 * stamps the request began with (modules/webhooks/webhook-subscriptions.ts, CACHING.md). SQLite's
 * change tracker needs no column: it sees every write of its one writer.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cache_stamps')
    .addColumn('webhook_endpoints', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if ((await dialectOf(db)) === 'sqlite') return;
  await sql`
    CREATE CONSTRAINT TRIGGER cache_stamp AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_cache_stamp()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'postgres')
    await sql`DROP TRIGGER cache_stamp ON webhook_endpoints`.execute(db);
  await db.schema.alterTable('cache_stamps').dropColumn('webhook_endpoints').execute();
}
