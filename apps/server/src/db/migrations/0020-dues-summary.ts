import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * The dues list's summary (the fees and payments capability: "an index so a 2,000-student account's dues list is
 * fast"): each student's dues totals per account, a cache of the pure computation
 * (packages/domain/src/fees/dues.ts) and never a running balance. The database itself marks a row
 * stale on every write to what the computation reads (enrolments, classroom fees and collection
 * months, students, charges, adjustments, payments, allocations): `version` goes up and
 * `fresh_for` is cleared, so no writer, present or future, can forget to. The dues list recomputes
 * stale rows before it reads (modules/fees/dues-summary.ts), writing a result only while the row's
 * version is the one it read before reading the sources; a row is fresh only for the billing
 * month it was computed for, so a new month recomputes every row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite's migrations outside a transaction: no half-made set of triggers.
  if ((await dialectOf(db)) === 'sqlite') await db.transaction().execute((trx) => upTo(trx));
  else await upTo(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upTo(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dues_summaries')
    // The account whose classrooms bill the student (an admin's team shares students).
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fresh_for', 'text')
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('custom_id', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    // ' id1 id2 ': the classrooms of the accepted enrolments (a cached list filters by them).
    .addColumn('classroom_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('charged', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reduced', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('due', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('oldest_due_month', 'text')
    .addColumn('oldest_key', 'text', (c) => c.notNull().defaultTo('9999-12'))
    .addPrimaryKeyConstraint('dues_summaries_pk', ['student_id', 'account_id'])
    .execute();
  // Defaulters first is a walk of this index; count and sum read it alone.
  await db.schema
    .createIndex('dues_summaries_order_idx')
    .on('dues_summaries')
    .columns(['account_id', 'listed', 'due desc', 'oldest_key'])
    .execute();
  await db.schema
    .createIndex('dues_summaries_fresh_idx')
    .on('dues_summaries')
    // Which rows are stale, and every row's version (a list kept in memory catches up by them).
    .columns(['account_id', 'fresh_for', 'student_id', 'version'])
    .execute();
  // Every student enrolled now gets a stale row; later ones get theirs from the triggers.
  await sql`
    INSERT INTO dues_summaries (account_id, student_id)
    SELECT DISTINCT c.account_id, e.student_id FROM enrolments e JOIN classrooms c ON c.id = e.classroom_id
    WHERE 1 = 1
    ON CONFLICT (student_id, account_id) DO NOTHING`.execute(db);
  if ((await dialectOf(db)) === 'sqlite') {
    for (const [name, when, body] of sqliteTriggers())
      await sql.raw(`CREATE TRIGGER dues_stale_${name} ${when} BEGIN ${body} END`).execute(db);
  } else {
    await createPgTriggers(db);
  }
}

/**
 * Marks the (account, student) pairs a SELECT gives stale, making their rows when missing: only
 * for students and accounts that still exist (a cascade from deleting one runs these triggers).
 */
const mark = (pairs: string) => `
  INSERT INTO dues_summaries (account_id, student_id)
  SELECT p.account_id, p.student_id FROM (${pairs}) AS p
  WHERE EXISTS (SELECT 1 FROM students s WHERE s.id = p.student_id)
    AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = p.account_id)
  ON CONFLICT (student_id, account_id) DO UPDATE SET version = dues_summaries.version + 1, fresh_for = NULL;`;
/**
 * Marks existing rows only, for deletes: a student listed has a row already, and a row is never
 * made for a student or account being deleted. The pairs' students in the pairs' accounts.
 */
const markExisting = (pairs: string) => `
  UPDATE dues_summaries SET version = version + 1, fresh_for = NULL
  WHERE student_id IN (SELECT student_id FROM (${pairs}) AS p) AND account_id IN (SELECT account_id FROM (${pairs}) AS p);`;
/** Marks a student's existing rows (in every account) stale. */
const markStudent = (student: string) =>
  `UPDATE dues_summaries SET version = version + 1, fresh_for = NULL WHERE student_id = ${student};`;
/** The students enrolled in a classroom, with its account. */
const classroomStudents = (classroom: string) =>
  `SELECT c.account_id AS account_id, e.student_id AS student_id FROM enrolments e
   JOIN classrooms c ON c.id = e.classroom_id WHERE e.classroom_id = ${classroom}`;
const enrolment = (row: 'NEW' | 'OLD') =>
  `SELECT account_id AS account_id, ${row}.student_id AS student_id FROM classrooms WHERE id = ${row}.classroom_id`;
const own = (row: 'NEW' | 'OLD') => `SELECT ${row}.account_id AS account_id, ${row}.student_id AS student_id`;
const charge = (row: 'NEW' | 'OLD') =>
  `SELECT ${row}.account_id AS account_id, ${row}.student_id AS student_id WHERE ${row}.student_id IS NOT NULL
   UNION ${classroomStudents(`${row}.classroom_id`)}`;

/** What the computation reads, by table: name, event and body of each SQLite row trigger. */
function sqliteTriggers(): [string, string, string][] {
  const triggers: [string, string, string][] = [
    ['enrolments_ins', 'AFTER INSERT ON enrolments', mark(enrolment('NEW'))],
    ['enrolments_upd', 'AFTER UPDATE ON enrolments', mark(`${enrolment('NEW')} UNION ${enrolment('OLD')}`)],
    // Every account's row of the student: a deleted classroom is gone before its enrolments.
    ['enrolments_del', 'AFTER DELETE ON enrolments', markStudent('OLD.student_id')],
    // Only what bills: a renamed classroom owes the same.
    [
      'classrooms_upd',
      `AFTER UPDATE OF tuition_fee, collection_month, account_id ON classrooms
       WHEN NEW.tuition_fee IS NOT OLD.tuition_fee OR NEW.collection_month IS NOT OLD.collection_month
         OR NEW.account_id IS NOT OLD.account_id`,
      mark(
        `${classroomStudents('NEW.id')} UNION SELECT OLD.account_id, e.student_id FROM enrolments e WHERE e.classroom_id = OLD.id`,
      ),
    ],
    // The list shows the name, phone and ID and searches them.
    [
      'students_upd',
      `AFTER UPDATE OF name, phone, custom_id ON students
       WHEN NEW.name IS NOT OLD.name OR NEW.phone IS NOT OLD.phone OR NEW.custom_id IS NOT OLD.custom_id`,
      markStudent('NEW.id'),
    ],
  ];
  for (const table of ['fee_adjustments', 'payments', 'payment_allocations', 'fee_charges']) {
    const rows = table === 'fee_charges' ? charge : own;
    triggers.push(
      [`${table}_ins`, `AFTER INSERT ON ${table}`, mark(rows('NEW'))],
      [`${table}_upd`, `AFTER UPDATE ON ${table}`, mark(`${rows('NEW')} UNION ${rows('OLD')}`)],
      [`${table}_del`, `AFTER DELETE ON ${table}`, markExisting(rows('OLD'))],
    );
  }
  return triggers;
}

const PG_TABLES = [
  'enrolments',
  'classrooms',
  'students',
  'fee_adjustments',
  'payments',
  'payment_allocations',
  'fee_charges',
] as const;

/** PostgreSQL's mark (as `mark` above) over the pairs a SELECT gives. */
const upsert = (pairs: string) => `
  INSERT INTO dues_summaries (account_id, student_id)
  SELECT DISTINCT p.account_id, p.student_id FROM (${pairs}) AS p (account_id, student_id)
  WHERE EXISTS (SELECT 1 FROM students s WHERE s.id = p.student_id)
    AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = p.account_id)
  ON CONFLICT (student_id, account_id) DO UPDATE SET version = dues_summaries.version + 1, fresh_for = NULL;`;
const update = (pairs: string) => `
  UPDATE dues_summaries d SET version = d.version + 1, fresh_for = NULL
  FROM (SELECT DISTINCT * FROM (${pairs}) AS p (account_id, student_id)) AS p
  WHERE d.account_id = p.account_id AND d.student_id = p.student_id;`;

/**
 * PostgreSQL: one statement-level trigger per table and event over its transition tables (as
 * 0016), so a bulk write marks each student once. A column list rules out transition tables, so
 * classrooms and students compare old and new rows themselves.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function createPgTriggers(db: Kysely<any>): Promise<void> {
  // Row types differ by table, so each branch names the columns its table has.
  const pairs = (rows: string) => `
    IF TG_TABLE_NAME = 'enrolments' THEN ${upsert(`SELECT c.account_id, r.student_id FROM ${rows} r JOIN classrooms c ON c.id = r.classroom_id`)}
    ELSIF TG_TABLE_NAME = 'fee_charges' THEN ${upsert(`SELECT r.account_id, r.student_id FROM ${rows} r WHERE r.student_id IS NOT NULL
        UNION SELECT c.account_id, e.student_id FROM ${rows} r JOIN enrolments e ON e.classroom_id = r.classroom_id
          JOIN classrooms c ON c.id = r.classroom_id`)}
    ELSE ${upsert(`SELECT r.account_id, r.student_id FROM ${rows} r`)}
    END IF;`;
  const existing = (rows: string) => `
    IF TG_TABLE_NAME = 'enrolments' THEN
      UPDATE dues_summaries d SET version = d.version + 1, fresh_for = NULL
        WHERE d.student_id IN (SELECT student_id FROM ${rows});
    ELSIF TG_TABLE_NAME = 'fee_charges' THEN ${update(`SELECT r.account_id, r.student_id FROM ${rows} r WHERE r.student_id IS NOT NULL
        UNION SELECT c.account_id, e.student_id FROM ${rows} r JOIN enrolments e ON e.classroom_id = r.classroom_id
          JOIN classrooms c ON c.id = r.classroom_id`)}
    ELSE ${update(`SELECT r.account_id, r.student_id FROM ${rows} r`)}
    END IF;`;
  // One function for every table and event: PL/pgSQL plans a statement when it first runs, so a
  // branch naming a transition table the firing trigger lacks is never planned.
  await sql
    .raw(`
    CREATE FUNCTION dues_stale_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'classrooms' THEN ${upsert(`
          SELECT c.account_id, e.student_id FROM new_rows n JOIN old_rows o ON o.id = n.id
            JOIN enrolments e ON e.classroom_id = n.id
            CROSS JOIN LATERAL (VALUES (n.account_id), (o.account_id)) AS c (account_id)
          WHERE n.tuition_fee IS DISTINCT FROM o.tuition_fee OR n.collection_month IS DISTINCT FROM o.collection_month
            OR n.account_id IS DISTINCT FROM o.account_id`)}
      ELSIF TG_TABLE_NAME = 'students' THEN
        UPDATE dues_summaries d SET version = d.version + 1, fresh_for = NULL
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE d.student_id = n.id AND (n.name IS DISTINCT FROM o.name OR n.phone IS DISTINCT FROM o.phone
            OR n.custom_id IS DISTINCT FROM o.custom_id);
      ELSIF TG_OP = 'INSERT' THEN ${pairs('new_rows')}
      ELSIF TG_OP = 'DELETE' THEN ${existing('old_rows')}
      ELSE ${pairs('(SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows)')}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  const events = [
    ['ins', 'INSERT', 'NEW TABLE AS new_rows'],
    ['upd', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['del', 'DELETE', 'OLD TABLE AS old_rows'],
  ] as const;
  for (const table of PG_TABLES) {
    for (const [suffix, event, referencing] of events) {
      // Classrooms and students: only updates change what an existing row shows (a new classroom
      // has no students; a deleted one or student takes its enrolments or rows with it).
      if ((table === 'classrooms' || table === 'students') && suffix !== 'upd') continue;
      await sql
        .raw(
          `CREATE TRIGGER dues_stale_${table}_${suffix} AFTER ${event} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION dues_stale_statement()`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') {
    for (const [name] of sqliteTriggers()) await sql.raw(`DROP TRIGGER dues_stale_${name}`).execute(db);
  } else {
    for (const table of PG_TABLES) {
      for (const suffix of ['ins', 'upd', 'del']) {
        if ((table === 'classrooms' || table === 'students') && suffix !== 'upd') continue;
        await sql.raw(`DROP TRIGGER dues_stale_${table}_${suffix} ON ${table}`).execute(db);
      }
    }
    await sql`DROP FUNCTION dues_stale_statement()`.execute(db);
  }
  await db.schema.dropTable('dues_summaries').execute();
}
