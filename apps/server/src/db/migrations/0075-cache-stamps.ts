import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * A counter per table that every signed-in request's cached reads come from (sessions, users and
 * the access tables), raised by PostgreSQL itself in the transaction that changes the table, so
 * every process sees a change as soon as it is committed (db/pg-table-stamps.ts, CACHING.md).
 *
 * One row, a column per table: all counters share one row lock, so two transactions that change
 * two of these tables in opposite orders never wait on each other's counters. The triggers are
 * deferred to the commit and raise each counter once per transaction, so the lock is held for the
 * commit alone and a bulk write raises it once. On SQLite the row stays at zero: one process
 * writes there, and its change tracker (db/change-tracker.ts) knows every write without a table.
 */
const STAMPED_TABLES = ['sessions', 'users', 'accounts', 'admin_teachers', 'moderators', 'classrooms'];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('cache_stamps')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`));
  for (const name of STAMPED_TABLES) table = table.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.execute();
  await db.insertInto('cache_stamps').values({ id: 1 }).execute();
  if ((await dialectOf(db)) === 'sqlite') return;

  // A session's last-seen time moves once a minute per busy user and is kept by the session cache
  // itself (SessionService.resolve): an update of that column alone raises nothing.
  await sql`
    CREATE FUNCTION raise_cache_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      raised text := 'batchwise.cache_stamp_' || TG_TABLE_NAME;
    BEGIN
      IF coalesce(current_setting(raised, true), '') <> '' THEN RETURN NULL; END IF;
      IF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE'
        AND to_jsonb(OLD) - 'last_seen_at' = to_jsonb(NEW) - 'last_seen_at' THEN
        RETURN NULL;
      END IF;
      PERFORM set_config(raised, '1', true);
      EXECUTE format('UPDATE cache_stamps SET %I = %I + 1 WHERE id = 1', TG_TABLE_NAME, TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  for (const name of STAMPED_TABLES) {
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER cache_stamp AFTER INSERT OR UPDATE OR DELETE ON ${name}
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_cache_stamp()`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'postgres') {
    for (const name of STAMPED_TABLES) await sql.raw(`DROP TRIGGER cache_stamp ON ${name}`).execute(db);
    await sql`DROP FUNCTION raise_cache_stamp()`.execute(db);
  }
  await db.schema.dropTable('cache_stamps').execute();
}

/**
 * One more table joins the stamped ones (later migrations): its counter column, and on PostgreSQL
 * the same deferred trigger as above. SQLite's change tracker needs no column, but the row keeps
 * one per table on both databases so the schema is the same.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function stampTable(db: Kysely<any>, name: string): Promise<void> {
  await db.schema
    .alterTable('cache_stamps')
    .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if ((await dialectOf(db)) === 'sqlite') return;
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER cache_stamp AFTER INSERT OR UPDATE OR DELETE ON ${name}
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_cache_stamp()`,
    )
    .execute(db);
}

/** Undoes stampTable. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function unstampTable(db: Kysely<any>, name: string): Promise<void> {
  if ((await dialectOf(db)) === 'postgres') await sql.raw(`DROP TRIGGER cache_stamp ON ${name}`).execute(db);
  await db.schema.alterTable('cache_stamps').dropColumn(name).execute();
}
