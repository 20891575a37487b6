import { type Kysely, sql } from 'kysely';
import { createRowTriggers, dialectOf, dropRowTriggers, sqliteTriggers } from './0005-list-versions';

/**
 * The list versions of 0005, cheaper to keep on bulk writes (the bulk onboarding capability: an import of 10,000
 * students). Each account gets its version row when it is created (and existing accounts now), so
 * a trigger only raises it: 0005's triggers first made sure the row existed, an extra statement
 * per written row that cost SQLite more than the row itself. On PostgreSQL the triggers run once
 * per statement over its transition tables instead of once per row, so a 500-row insert raises
 * each account's version once. What raises a version, and when, is unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite's migrations outside a transaction (PostgreSQL's in one): this one drops
  // triggers before making their successors, and a crash between must not leave none.
  if ((await dialectOf(db)) === 'sqlite') await db.transaction().execute((trx) => upTo(trx));
  else await upTo(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upTo(db: Kysely<any>): Promise<void> {
  await dropRowTriggers(db);
  await db
    .insertInto('list_versions')
    .columns(['account_id', 'version'])
    // The WHERE lets SQLite tell the upsert clause from a join constraint of the SELECT.
    .expression(
      db
        .selectFrom('accounts')
        .select(['id', sql<number>`0`.as('version')])
        .where(sql<boolean>`1 = 1`),
    )
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  // Not named list_version_*: the list's cache test reads those as the tables a version covers.
  if ((await dialectOf(db)) === 'sqlite') {
    await sql`CREATE TRIGGER seed_list_version AFTER INSERT ON accounts BEGIN
      INSERT OR IGNORE INTO list_versions (account_id, version) VALUES (NEW.id, 0); END`.execute(db);
    const raise = (accounts: string) =>
      `UPDATE list_versions SET version = version + 1 WHERE account_id IN (${accounts});`;
    for (const [name, when, body] of sqliteTriggers(raise)) {
      await sql.raw(`CREATE TRIGGER list_version_${name} ${when} BEGIN ${body} END`).execute(db);
    }
    return;
  }
  await sql`
    CREATE FUNCTION seed_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO list_versions (account_id, version) VALUES (NEW.id, 0) ON CONFLICT (account_id) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER seed_list_version AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION seed_list_version()`.execute(
    db,
  );
  // One function for every table and event: PL/pgSQL plans a statement when it first runs, so a
  // branch naming a transition table the firing trigger lacks is never planned.
  await sql`
    CREATE FUNCTION list_version_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'enrolments' THEN
        IF TG_OP = 'INSERT' THEN
          UPDATE list_versions SET version = version + 1 WHERE account_id IN
            (SELECT c.account_id FROM classrooms c WHERE c.id IN (SELECT classroom_id FROM new_rows));
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE list_versions SET version = version + 1 WHERE account_id IN
            (SELECT c.account_id FROM classrooms c WHERE c.id IN (SELECT classroom_id FROM old_rows));
        ELSE
          UPDATE list_versions SET version = version + 1 WHERE account_id IN
            (SELECT c.account_id FROM classrooms c WHERE c.id IN
              (SELECT classroom_id FROM new_rows UNION SELECT classroom_id FROM old_rows));
        END IF;
      ELSIF TG_OP = 'INSERT' THEN
        UPDATE list_versions SET version = version + 1 WHERE account_id IN (SELECT account_id FROM new_rows);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE list_versions SET version = version + 1 WHERE account_id IN (SELECT account_id FROM old_rows);
      ELSE
        UPDATE list_versions SET version = version + 1 WHERE account_id IN
          (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES) {
    for (const [suffix, event, referencing] of STATEMENT_TRIGGER_EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER list_version_${table}_${suffix} AFTER ${event} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION list_version_statement()`,
        )
        .execute(db);
    }
  }
  // A column list rules out transition tables; a teacher's name changes one row at a time anyway.
  await sql`
    CREATE FUNCTION list_version_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE list_versions SET version = version + 1 WHERE account_id IN
        (SELECT id FROM accounts WHERE owner_user_id = NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER list_version_users AFTER UPDATE OF name ON users FOR EACH ROW EXECUTE FUNCTION list_version_owner()`.execute(
    db,
  );
}

const TABLES = ['students', 'enrolments', 'classrooms'] as const;

/** PostgreSQL: a trigger with transition tables takes one event each (also 0081's). */
export const STATEMENT_TRIGGER_EVENTS = [
  ['ins', 'INSERT', 'NEW TABLE AS new_rows'],
  ['upd', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['del', 'DELETE', 'OLD TABLE AS old_rows'],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') {
    for (const [name] of sqliteTriggers(() => ''))
      await sql.raw(`DROP TRIGGER list_version_${name}`).execute(db);
    await sql`DROP TRIGGER seed_list_version`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const suffix of ['ins', 'upd', 'del'])
        await sql.raw(`DROP TRIGGER list_version_${table}_${suffix} ON ${table}`).execute(db);
    }
    await sql`DROP TRIGGER list_version_users ON users`.execute(db);
    await sql`DROP TRIGGER seed_list_version ON accounts`.execute(db);
    await sql`DROP FUNCTION list_version_owner()`.execute(db);
    await sql`DROP FUNCTION list_version_statement()`.execute(db);
    await sql`DROP FUNCTION seed_list_version()`.execute(db);
  }
  await createRowTriggers(db);
}
