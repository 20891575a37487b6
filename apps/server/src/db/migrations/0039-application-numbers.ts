import { type Kysely, sql } from 'kysely';

/**
 * Short application numbers (db/schema-admission.ts): every application gets its account's next
 * number (A-1001, A-1002…), given by a per-account counter row raised in one statement, unique per
 * account. Applications sent before are numbered here in the order they were sent, and each
 * account's counter starts after its last one.
 */
const FIRST_APPLICATION_NUMBER = 1001;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  // Not null needs a default on SQLite's ADD COLUMN; every row gets its number just below.
  await db.schema
    .alterTable('admission_applications')
    .addColumn('number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One correlated count works the same on both dialects: earlier applications of the account,
  // ties in time broken by id (ids sort by creation too).
  await sql`
    update admission_applications
    set number = ${FIRST_APPLICATION_NUMBER - 1} + (
      select count(*) from admission_applications earlier
      where earlier.account_id = admission_applications.account_id
        and (earlier.created_at < admission_applications.created_at
          or (earlier.created_at = admission_applications.created_at and earlier.id <= admission_applications.id))
    )`.execute(db);
  await db.schema
    .createIndex('admission_applications_number_idx')
    .on('admission_applications')
    .columns(['account_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createTable('admission_counters')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    insert into admission_counters (account_id, last_number)
    select account_id, max(number) from admission_applications group by account_id`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_counters').execute();
  await db.schema.dropIndex('admission_applications_number_idx').execute();
  await db.schema.alterTable('admission_applications').dropColumn('number').execute();
}
