import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';
import { STATEMENT_TRIGGER_EVENTS } from './0016-list-versions-per-statement';

/**
 * A version per classroom that the database raises on every change to what the classroom's term
 * results are made of: its assessments with their subjects and marks, the account's grade scale,
 * the enrolled students' names, ids, pictures and phones, the classroom's name, and the card's
 * header (institution, logo, teacher's name). The report cards keep a composed term in memory
 * and serve it again only while the version is unchanged (modules/report-cards/term-cache.ts), so
 * no writer can leave a stale result behind, and marks typed into one classroom leave every
 * other classroom's terms kept.
 *
 * And the index the attendance calendar lacked: the classrooms a student has marks in (also
 * ones they left) were found by reading every mark of the student's two years.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attendance_marks_student_classroom_idx')
    .on('attendance_marks')
    .columns(['student_id', 'classroom_id'])
    .execute();
  await db.schema
    .createTable('result_versions')
    .addColumn('classroom_id', 'text', (c) => c.primaryKey().references('classrooms.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('result_versions')
    .columns(['classroom_id', 'version'])
    .expression(
      db
        .selectFrom('classrooms')
        .select(['id', sql<number>`0`.as('version')])
        .where(sql<boolean>`1 = 1`),
    )
    .execute();
  if ((await dialectOf(db)) === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
}

const OF_ASSESSMENT = (row: 'NEW' | 'OLD') =>
  `SELECT classroom_id FROM assessments WHERE id = ${row}.assessment_id`;
const OF_ACCOUNT = (id: string) => `SELECT id FROM classrooms WHERE account_id = ${id}`;
/** The columns of a student that a term shows (report-data.ts loadTerm), and their classrooms. */
const STUDENT_COLUMNS = 'name, custom_id, avatar_key, phone, parent1_phone, parent2_phone';
const OF_STUDENT = 'SELECT classroom_id FROM enrolments WHERE student_id = NEW.id';
/** The classrooms of the accounts a user owns (the teacher's name on the card). */
const OF_OWNER =
  'SELECT c.id FROM classrooms c JOIN accounts a ON a.id = c.account_id WHERE a.owner_user_id = NEW.id';

/** SQLite's row triggers: name, event and the classrooms whose version rises. */
const SQLITE_TRIGGERS: [string, string, string][] = [
  ['assessments_ins', 'AFTER INSERT ON assessments', 'NEW.classroom_id'],
  ['assessments_upd', 'AFTER UPDATE ON assessments', 'NEW.classroom_id, OLD.classroom_id'],
  ['assessments_del', 'AFTER DELETE ON assessments', 'OLD.classroom_id'],
  ['assessment_subjects_ins', 'AFTER INSERT ON assessment_subjects', OF_ASSESSMENT('NEW')],
  [
    'assessment_subjects_upd',
    'AFTER UPDATE ON assessment_subjects',
    `${OF_ASSESSMENT('NEW')} UNION ${OF_ASSESSMENT('OLD')}`,
  ],
  ['assessment_subjects_del', 'AFTER DELETE ON assessment_subjects', OF_ASSESSMENT('OLD')],
  ['assessment_marks_ins', 'AFTER INSERT ON assessment_marks', OF_ASSESSMENT('NEW')],
  [
    'assessment_marks_upd',
    'AFTER UPDATE ON assessment_marks',
    `${OF_ASSESSMENT('NEW')} UNION ${OF_ASSESSMENT('OLD')}`,
  ],
  ['assessment_marks_del', 'AFTER DELETE ON assessment_marks', OF_ASSESSMENT('OLD')],
  ['grade_scales_ins', 'AFTER INSERT ON grade_scales', OF_ACCOUNT('NEW.account_id')],
  [
    'grade_scales_upd',
    'AFTER UPDATE ON grade_scales',
    `${OF_ACCOUNT('NEW.account_id')} UNION ${OF_ACCOUNT('OLD.account_id')}`,
  ],
  ['grade_scales_del', 'AFTER DELETE ON grade_scales', OF_ACCOUNT('OLD.account_id')],
  ['enrolments_ins', 'AFTER INSERT ON enrolments', 'NEW.classroom_id'],
  ['enrolments_upd', 'AFTER UPDATE ON enrolments', 'NEW.classroom_id, OLD.classroom_id'],
  ['enrolments_del', 'AFTER DELETE ON enrolments', 'OLD.classroom_id'],
  ['students_upd', `AFTER UPDATE OF ${STUDENT_COLUMNS} ON students`, OF_STUDENT],
  ['classrooms_upd', 'AFTER UPDATE OF name, account_id ON classrooms', 'NEW.id'],
  ['accounts_upd', 'AFTER UPDATE OF institution, logo_key, owner_user_id ON accounts', OF_ACCOUNT('NEW.id')],
  ['users_name', 'AFTER UPDATE OF name ON users', OF_OWNER],
];

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`CREATE TRIGGER seed_result_version AFTER INSERT ON classrooms BEGIN
    INSERT OR IGNORE INTO result_versions (classroom_id, version) VALUES (NEW.id, 0); END`.execute(db);
  for (const [name, when, classrooms] of SQLITE_TRIGGERS) {
    await sql
      .raw(
        `CREATE TRIGGER result_version_${name} ${when} BEGIN
          UPDATE result_versions SET version = version + 1 WHERE classroom_id IN (${classrooms}); END`,
      )
      .execute(db);
  }
}

/** PostgreSQL: tables raised once per statement (bulk writes), over their transition tables. */
const PG_STATEMENT_TABLES = [
  'assessments',
  'assessment_subjects',
  'assessment_marks',
  'grade_scales',
  'enrolments',
] as const;
/** PostgreSQL: row triggers with a column list (which rules out transition tables). */
const PG_ROW_TRIGGERS: [string, string, string][] = [
  ['students', `UPDATE OF ${STUDENT_COLUMNS} ON students`, OF_STUDENT],
  ['classrooms', 'UPDATE OF name, account_id ON classrooms', 'SELECT NEW.id'],
  ['accounts', 'UPDATE OF institution, logo_key, owner_user_id ON accounts', OF_ACCOUNT('NEW.id')],
  ['users', 'UPDATE OF name ON users', OF_OWNER],
];

/** The statement that raises the versions of `classrooms` (a query of classroom ids). */
export type RaiseVersions = (classrooms: string) => string;

export const raiseAsFound: RaiseVersions = (classrooms) =>
  `UPDATE result_versions SET version = version + 1 WHERE classroom_id IN (${classrooms});`;

/**
 * The statement trigger's raise for one kind of table: `classrooms` turns the ids of `column` in
 * the statement's transition tables (new rows, old rows, or both on an update) into classrooms.
 */
function byEvent(raise: RaiseVersions, column: string, classrooms: (ids: string) => string): string {
  return `IF TG_OP = 'INSERT' THEN ${raise(classrooms(`SELECT ${column} FROM new_rows`))}
        ELSIF TG_OP = 'DELETE' THEN ${raise(classrooms(`SELECT ${column} FROM old_rows`))}
        ELSE ${raise(classrooms(`SELECT ${column} FROM new_rows UNION SELECT ${column} FROM old_rows`))}
        END IF;`;
}

/**
 * PostgreSQL's trigger functions, each raising with `raise` (migration 0083 makes them take
 * their rows in classroom order). The classrooms a statement's rows belong to: one function for
 * every table and event, as PL/pgSQL plans a branch only when it first runs, so a branch naming a
 * transition table the firing trigger lacks is never planned; and one per row trigger.
 */
export function postgresFunctions(raise: RaiseVersions): string[] {
  return [
    `CREATE OR REPLACE FUNCTION result_version_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME IN ('assessment_subjects', 'assessment_marks') THEN
        ${byEvent(raise, 'assessment_id', (ids) => `SELECT a.classroom_id FROM assessments a WHERE a.id IN (${ids})`)}
      ELSIF TG_TABLE_NAME = 'grade_scales' THEN
        ${byEvent(raise, 'account_id', (ids) => `SELECT c.id FROM classrooms c WHERE c.account_id IN (${ids})`)}
      ELSE
        ${byEvent(raise, 'classroom_id', (ids) => ids)}
      END IF;
      RETURN NULL;
    END $$`,
    ...PG_ROW_TRIGGERS.map(
      ([
        table,
        ,
        classrooms,
      ]) => `CREATE OR REPLACE FUNCTION result_version_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${raise(classrooms)}
          RETURN NULL;
        END $$`,
    ),
  ];
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION seed_result_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO result_versions (classroom_id, version) VALUES (NEW.id, 0) ON CONFLICT (classroom_id) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER seed_result_version AFTER INSERT ON classrooms FOR EACH ROW EXECUTE FUNCTION seed_result_version()`.execute(
    db,
  );
  for (const text of postgresFunctions(raiseAsFound)) await sql.raw(text).execute(db);
  for (const table of PG_STATEMENT_TABLES) {
    for (const [suffix, event, referencing] of STATEMENT_TRIGGER_EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER result_version_${table}_${suffix} AFTER ${event} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION result_version_statement()`,
        )
        .execute(db);
    }
  }
  for (const [table, event] of PG_ROW_TRIGGERS) {
    await sql
      .raw(
        `CREATE TRIGGER result_version_${table} AFTER ${event} FOR EACH ROW EXECUTE FUNCTION result_version_${table}()`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') {
    for (const [name] of SQLITE_TRIGGERS) await sql.raw(`DROP TRIGGER result_version_${name}`).execute(db);
    await sql`DROP TRIGGER seed_result_version`.execute(db);
  } else {
    for (const table of PG_STATEMENT_TABLES) {
      for (const suffix of ['ins', 'upd', 'del'])
        await sql.raw(`DROP TRIGGER result_version_${table}_${suffix} ON ${table}`).execute(db);
    }
    for (const [table] of PG_ROW_TRIGGERS) {
      await sql.raw(`DROP TRIGGER result_version_${table} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION result_version_${table}()`).execute(db);
    }
    await sql`DROP TRIGGER seed_result_version ON classrooms`.execute(db);
    await sql`DROP FUNCTION result_version_statement()`.execute(db);
    await sql`DROP FUNCTION seed_result_version()`.execute(db);
  }
  await db.schema.dropTable('result_versions').execute();
  await db.schema.dropIndex('attendance_marks_student_classroom_idx').execute();
}
