import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * Students list pages that a save of one student does not throw away (src/CACHING.md).
 *
 * Every change an account's list shows raises its list version (migrations 0005, 0016), so a
 * kept page was read again after any save in the account, though most saves change what one row
 * shows and neither which students a page holds nor their order. Now the raise that an update of
 * students makes also tells whether it was such a row-only change: every changed row kept its
 * account, name, student ID, RFID, phone, search text, archive mark and creation time (what the
 * list's filter and sort read). For those, in the same statement:
 * - `row_changes` counts them, so `version - row_changes` moves only when a page's students or
 *   their order may have moved (the order stamp);
 * - `recent_rows` records which students they changed, newest first, one line each
 *   (`<version>:<student id>`), cut at RECENT_ROWS characters: a kept page under an unchanged
 *   order stamp reads again only its students named there since it was read, and when the record
 *   no longer reaches back that far the page is read whole. Student ids hold no line breaks.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await inOneStep(db, async (trx, sqlite) => {
    await trx.schema
      .alterTable('list_versions')
      .addColumn('row_changes', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await trx.schema
      .alterTable('list_versions')
      .addColumn('recent_rows', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    if (sqlite) await sqliteUp(trx);
    else await postgresUp(trx);
  });
}

/** How long `recent_rows` grows (about 40 changes): short of PostgreSQL's 2 kB out-of-line storage. */
export const RECENT_ROWS = 1_500;

/** The columns a list's filter and order read (student-filters.ts `listWhere`, the repository's sort). */
const LISTED = [
  'account_id',
  'name',
  'custom_id',
  'rfid',
  'phone',
  'search_text',
  'archived_at',
  'created_at',
];

/**
 * Runs `step` in one transaction: Kysely runs SQLite's migrations outside one (PostgreSQL's in
 * one), and a trigger is dropped here before its successor is made.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function inOneStep(db: Kysely<any>, step: (db: Kysely<any>, sqlite: boolean) => Promise<void>) {
  if ((await dialectOf(db)) === 'sqlite') await db.transaction().execute((trx) => step(trx, true));
  else await step(db, false);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function sqliteUp(db: Kysely<any>): Promise<void> {
  const rowOnly = LISTED.map((c) => `NEW.${c} IS OLD.${c}`).join(' AND ');
  await sql`DROP TRIGGER list_version_students_upd`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER list_version_students_upd AFTER UPDATE ON students BEGIN
        UPDATE list_versions SET version = version + 1, row_changes = row_changes + (${rowOnly}),
          recent_rows = CASE WHEN ${rowOnly}
            THEN substr((version + 1) || ':' || NEW.id || char(10) || recent_rows, 1, ${RECENT_ROWS})
            ELSE recent_rows END
          WHERE account_id IN (NEW.account_id, OLD.account_id);
      END`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function postgresUp(db: Kysely<any>): Promise<void> {
  // A statement counts as row-only when every row it changed kept what the list filters and sorts by.
  const listed = (row: string) => `(${LISTED.map((c) => `${row}.${c}`).join(', ')})`;
  await sql
    .raw(
      `CREATE FUNCTION list_version_student_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE row_only int;
      BEGIN
        row_only := CASE WHEN EXISTS (
          SELECT 1 FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
          WHERE n.id IS NULL OR ${listed('n')} IS DISTINCT FROM ${listed('o')}) THEN 0 ELSE 1 END;
        UPDATE list_versions l SET version = l.version + 1, row_changes = l.row_changes + row_only,
          recent_rows = CASE WHEN row_only = 1 THEN substr(
            coalesce((SELECT string_agg((l.version + 1) || ':' || n.id || chr(10), '') FROM new_rows n
              WHERE n.account_id = l.account_id), '') || l.recent_rows, 1, ${RECENT_ROWS})
            ELSE l.recent_rows END
          WHERE l.account_id IN (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows);
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql`DROP TRIGGER list_version_students_upd ON students`.execute(db);
  await sql`CREATE TRIGGER list_version_students_upd AFTER UPDATE ON students
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_student_rows()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await inOneStep(db, async (trx, sqlite) => {
    if (sqlite) {
      await sql`DROP TRIGGER list_version_students_upd`.execute(trx);
      // As migration 0016 made it.
      await sql`CREATE TRIGGER list_version_students_upd AFTER UPDATE ON students BEGIN
        UPDATE list_versions SET version = version + 1 WHERE account_id IN (NEW.account_id, OLD.account_id); END`.execute(
        trx,
      );
    } else {
      await sql`DROP TRIGGER list_version_students_upd ON students`.execute(trx);
      await sql`DROP FUNCTION list_version_student_rows()`.execute(trx);
      await sql`CREATE TRIGGER list_version_students_upd AFTER UPDATE ON students
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION list_version_statement()`.execute(trx);
    }
    await trx.schema.alterTable('list_versions').dropColumn('recent_rows').execute();
    await trx.schema.alterTable('list_versions').dropColumn('row_changes').execute();
  });
}
