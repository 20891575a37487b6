import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * Indexes that make a drawer save and a list page cost the same in a 2,000-student account as in
 * a 20-student one. Each replaces an index the queries could not use:
 * - the clash check compares student IDs and RFID codes ignoring case (`lower(...)`), which a
 *   plain column index cannot answer, so it read every student of the account;
 * - the list sorts by `lower(name), name, id` (db/order.ts), so every page sorted the account;
 * - a save replaces the student's parent links by `student_id`, which led no index: each save
 *   (and each cascade from a deleted student) read every parent link of every account.
 * Raw statements: expression indexes are written alike on SQLite and PostgreSQL.
 *
 * And the last table a list page reads without raising the list version: `accounts`, which links
 * a student to the teacher whose name the list shows (students-cache.test.ts checks them all).
 */
// The value leads and the account follows: an equality on both is the plan SQLite picks without
// statistics, where an index led by the account would read the whole account.
const CREATE = [
  'CREATE INDEX students_custom_id_lookup_idx ON students (lower(custom_id), account_id)',
  'CREATE INDEX students_rfid_lookup_idx ON students (lower(rfid), account_id)',
  'CREATE INDEX students_phone_lookup_idx ON students (phone, account_id)',
  'CREATE INDEX students_list_name_idx ON students (account_id, archived_at, lower(name), name, id)',
  // Without `id`: covering `select id ... lower(custom_id) = ?`, it would win the clash lookup's plan.
  'CREATE INDEX students_list_custom_id_idx ON students (account_id, archived_at, custom_id)',
  'CREATE INDEX students_list_created_idx ON students (account_id, archived_at, created_at, id)',
  'CREATE INDEX parent_links_student_idx ON parent_links (student_id)',
];
const REPLACED = [
  'students_phone_idx',
  'students_account_custom_id_idx',
  'students_account_rfid_idx',
  'students_account_active_name_idx',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of CREATE) await sql.raw(statement).execute(db);
  for (const index of REPLACED) await db.schema.dropIndex(index).execute();
  if ((await dialectOf(db)) === 'sqlite') {
    await sql`CREATE TRIGGER list_version_accounts_owner AFTER UPDATE OF owner_user_id ON accounts BEGIN
      INSERT OR IGNORE INTO list_versions (account_id, version) VALUES (NEW.id, 0);
      UPDATE list_versions SET version = version + 1 WHERE account_id = NEW.id;
    END`.execute(db);
    return;
  }
  await sql`CREATE FUNCTION list_version_account() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM bump_list_version(NEW.id); RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER list_version_accounts AFTER UPDATE OF owner_user_id ON accounts
    FOR EACH ROW EXECUTE FUNCTION list_version_account()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if ((await dialectOf(db)) === 'sqlite') {
    await sql`DROP TRIGGER list_version_accounts_owner`.execute(db);
  } else {
    await sql`DROP TRIGGER list_version_accounts ON accounts`.execute(db);
    await sql`DROP FUNCTION list_version_account()`.execute(db);
  }
  await db.schema
    .createIndex('students_account_active_name_idx')
    .on('students')
    .columns(['account_id', 'archived_at', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('students_account_custom_id_idx')
    .on('students')
    .columns(['account_id', 'custom_id'])
    .execute();
  await db.schema
    .createIndex('students_account_rfid_idx')
    .on('students')
    .columns(['account_id', 'rfid'])
    .execute();
  await db.schema.createIndex('students_phone_idx').on('students').column('phone').execute();
  for (const statement of CREATE) await db.schema.dropIndex(/INDEX (\w+)/.exec(statement)![1]!).execute();
}
