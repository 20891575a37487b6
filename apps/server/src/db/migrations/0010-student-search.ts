import { searchText } from '@batchwise/domain';
import { type Kysely, sql } from 'kysely';
import { installTrigram } from '../extensions';
import { dialectOf } from './0005-list-versions';

/**
 * The students list's search reads one stored column of search keys instead of
 * `lower(name) like …` over three columns: the keys treat the ways of typing the same Bangla
 * letters as equal and fold every script's case, which SQLite's lower() does not, and one
 * column can be indexed.
 * - Both databases: the column leads an index behind the account and archive, holding the phone
 *   (searched by its digits) and the name and id (the list's order) too, so a search reads the
 *   account's index entries alone, without the rows, and fetches only the matches.
 * - PostgreSQL also gets a pg_trgm GIN index, which answers `like '%…%'` across accounts (the
 *   admin's lists span several) without reading every entry; the planner picks per query.
 * The keys are made in JavaScript (Unicode normalisation is not SQL on SQLite), so the backfill
 * reads and writes the existing rows in batches.
 */
const BATCH = 500;
const LOOKUP =
  'CREATE INDEX students_search_idx ON students (account_id, archived_at, search_text, phone, name, id)';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  let after = '';
  for (;;) {
    const rows: { id: string; name: string; custom_id: string | null; rfid: string | null }[] = await db
      .selectFrom('students')
      .select(['id', 'name', 'custom_id', 'rfid'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('students')
        .set({ search_text: searchText([row.name, row.custom_id, row.rfid]) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  await sql.raw(LOOKUP).execute(db);
  if ((await dialectOf(db)) === 'postgres') {
    const trgm = await installTrigram(db);
    await sql
      .raw(`CREATE INDEX students_search_trgm_idx ON students USING gin (search_text ${trgm}.gin_trgm_ops)`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The extension stays: other schemas of the database may use it.
  if ((await dialectOf(db)) === 'postgres') await db.schema.dropIndex('students_search_trgm_idx').execute();
  await db.schema.dropIndex('students_search_idx').execute();
  await db.schema.alterTable('students').dropColumn('search_text').execute();
}
