import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * Account suspensions join the tables PostgreSQL stamps (migration 0075): every write asks whether
 * a suspension stops it, and that answer is kept until a suspension or an account changes, as the
 * session and access reads are (modules/staff-console/suspension-guard.ts, CACHING.md). SQLite's
 * change tracker needs no column: it sees every write of its one writer.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cache_stamps')
    .addColumn('account_suspensions', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if ((await dialectOf(db)) === 'sqlite') return;
  await sql`
    CREATE CONSTRAINT TRIGGER cache_stamp AFTER INSERT OR UPDATE OR DELETE ON account_suspensions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_cache_stamp()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'postgres')
    await sql`DROP TRIGGER cache_stamp ON account_suspensions`.execute(db);
  await db.schema.alterTable('cache_stamps').dropColumn('account_suspensions').execute();
}
