import { parseActivity } from '@batchwise/domain';
import { type Kysely, sql } from 'kysely';

/**
 * Two changes of one release.
 *
 * Short application numbers (db/schema-admission.ts): every application gets its account's next
 * number (A-1001, A-1002…), given by a per-account counter row raised in one statement, unique per
 * account. Applications sent before are numbered here in the order they were sent, and each
 * account's counter starts after its last one.
 *
 * Activity entries in the reader's language (db/schema.ts ActivityLogTable): an entry keeps its
 * English text and gains a message key with parameters. Entries written before are read back with
 * the domain's parser; a text of no known form stays plain text (no key).
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

  await db.schema.alterTable('activity_log').addColumn('message_key', 'text').execute();
  await db.schema.alterTable('activity_log').addColumn('message_params', 'text').execute();
  // In pages by id, so a long log is never read whole into memory.
  for (let after = ''; ; ) {
    const rows: { id: string; summary: string }[] = await db
      .selectFrom('activity_log')
      .select(['id', 'summary'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const message = parseActivity(row.summary);
      if (!message) continue;
      await db
        .updateTable('activity_log')
        .set({ message_key: message.key, message_params: JSON.stringify(message.params) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_log').dropColumn('message_params').execute();
  await db.schema.alterTable('activity_log').dropColumn('message_key').execute();
  await db.schema.dropTable('admission_counters').execute();
  await db.schema.dropIndex('admission_applications_number_idx').execute();
  await db.schema.alterTable('admission_applications').dropColumn('number').execute();
}
