import type { Kysely } from 'kysely';
import { stampTable, unstampTable } from './0075-cache-stamps';

/**
 * Account suspensions join the tables PostgreSQL stamps (migration 0075): every write asks whether
 * a suspension stops it, and that answer is kept until a suspension or an account changes, as the
 * session and access reads are (modules/staff-console/suspension-guard.ts, CACHING.md). SQLite's
 * change tracker needs no column: it sees every write of its one writer.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await stampTable(db, 'account_suspensions');
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await unstampTable(db, 'account_suspensions');
}
