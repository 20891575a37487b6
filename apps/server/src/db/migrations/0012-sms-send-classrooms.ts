import type { Kysely } from 'kysely';

/**
 * The classrooms a send was composed for, so the SMS history can be filtered by classroom
 * (the SMS capability's "History"): a JSON array of ids, as chosen then (a student may move classrooms later).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sms_sends')
    .addColumn('classroom_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_sends').dropColumn('classroom_ids').execute();
}
