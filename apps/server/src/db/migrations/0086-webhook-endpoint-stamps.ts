import type { Kysely } from 'kysely';
import { stampTable, unstampTable } from './0075-cache-stamps';

/**
 * Webhook endpoints join the tables PostgreSQL stamps (migration 0075): a student save reports to
 * the account's enabled endpoints, and that list is kept until an endpoint changes, as of the
 * stamps the request began with (modules/webhooks/webhook-subscriptions.ts, CACHING.md). SQLite's
 * change tracker needs no column: it sees every write of its one writer.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await stampTable(db, 'webhook_endpoints');
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await unstampTable(db, 'webhook_endpoints');
}
