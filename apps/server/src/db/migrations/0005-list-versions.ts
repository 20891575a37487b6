import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * A version per account that the database itself raises on every change to what the students
 * list shows (students, enrolments, classrooms, the teacher's name). The list keeps pages in
 * memory and serves them again only while the version is unchanged, so no writer, present or
 * future, can leave a stale page behind by forgetting to invalidate it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await createRowTriggers(db);
}

/**
 * SQLite's triggers (it has row triggers only): name, event and body, the body from `bump`, which
 * raises the version of the accounts a subquery or list of row values names. Also used by 0016.
 */
export function sqliteTriggers(bump: (accounts: string) => string): [string, string, string][] {
  const enrolmentAccount = (row: 'NEW' | 'OLD') =>
    `SELECT account_id FROM classrooms WHERE id = ${row}.classroom_id`;
  return [
    ['students_ins', 'AFTER INSERT ON students', bump('NEW.account_id')],
    ['students_upd', 'AFTER UPDATE ON students', bump('NEW.account_id, OLD.account_id')],
    ['students_del', 'AFTER DELETE ON students', bump('OLD.account_id')],
    ['enrolments_ins', 'AFTER INSERT ON enrolments', bump(enrolmentAccount('NEW'))],
    [
      'enrolments_upd',
      'AFTER UPDATE ON enrolments',
      bump(`${enrolmentAccount('NEW')} UNION ${enrolmentAccount('OLD')}`),
    ],
    ['enrolments_del', 'AFTER DELETE ON enrolments', bump(enrolmentAccount('OLD'))],
    ['classrooms_ins', 'AFTER INSERT ON classrooms', bump('NEW.account_id')],
    ['classrooms_upd', 'AFTER UPDATE ON classrooms', bump('NEW.account_id, OLD.account_id')],
    ['classrooms_del', 'AFTER DELETE ON classrooms', bump('OLD.account_id')],
    [
      'users_name',
      'AFTER UPDATE OF name ON users',
      bump('SELECT id FROM accounts WHERE owner_user_id = NEW.id'),
    ],
  ];
}

/** The triggers as this migration made them, also for 0016's down(). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function createRowTriggers(db: Kysely<any>): Promise<void> {
  const dialect = await dialectOf(db);
  if (dialect === 'sqlite') {
    const triggers = sqliteTriggers(
      (account) => `
      INSERT OR IGNORE INTO list_versions (account_id, version) SELECT id, 0 FROM accounts WHERE id IN (${account});
      UPDATE list_versions SET version = version + 1 WHERE account_id IN (${account});`,
    );
    for (const [name, when, body] of triggers) {
      await sql.raw(`CREATE TRIGGER list_version_${name} ${when} BEGIN ${body} END`).execute(db);
    }
    return;
  }

  await sql`
    CREATE FUNCTION bump_list_version(acc text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO list_versions (account_id, version) SELECT id, 1 FROM accounts WHERE id = acc
      ON CONFLICT (account_id) DO UPDATE SET version = list_versions.version + 1
    $$`.execute(db);
  await sql`
    CREATE FUNCTION list_version_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'enrolments' THEN
        IF TG_OP <> 'DELETE' THEN PERFORM bump_list_version(c.account_id) FROM classrooms c WHERE c.id = NEW.classroom_id; END IF;
        IF TG_OP <> 'INSERT' THEN PERFORM bump_list_version(c.account_id) FROM classrooms c WHERE c.id = OLD.classroom_id; END IF;
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM bump_list_version(a.id) FROM accounts a WHERE a.owner_user_id = NEW.id;
      ELSE
        IF TG_OP <> 'DELETE' THEN PERFORM bump_list_version(NEW.account_id); END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.account_id <> NEW.account_id) THEN
          PERFORM bump_list_version(OLD.account_id);
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['students', 'enrolments', 'classrooms']) {
    await sql
      .raw(
        `CREATE TRIGGER list_version_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION list_version_row()`,
      )
      .execute(db);
  }
  await sql`CREATE TRIGGER list_version_users AFTER UPDATE OF name ON users FOR EACH ROW EXECUTE FUNCTION list_version_row()`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await dropRowTriggers(db);
  await db.schema.dropTable('list_versions').execute();
}

/** Drops what createRowTriggers made (here, and in 0016 on its way to statement-level triggers). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function dropRowTriggers(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') {
    for (const table of ['students', 'enrolments', 'classrooms']) {
      for (const op of ['ins', 'upd', 'del'])
        await sql.raw(`DROP TRIGGER list_version_${table}_${op}`).execute(db);
    }
    await sql`DROP TRIGGER list_version_users_name`.execute(db);
  } else {
    for (const table of ['students', 'enrolments', 'classrooms', 'users']) {
      await sql.raw(`DROP TRIGGER list_version_${table} ON ${table}`).execute(db);
    }
    await sql`DROP FUNCTION list_version_row()`.execute(db);
    await sql`DROP FUNCTION bump_list_version(text)`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function dialectOf(db: Kysely<any>): Promise<'sqlite' | 'postgres'> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
