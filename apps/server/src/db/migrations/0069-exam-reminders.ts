import type { Kysely } from 'kysely';

/**
 * The optional SMS the day before an exam day: the language the teacher chose on the exam event
 * (null: none), and when and by which send it went, so the daily job sends it once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('timetable_events').addColumn('remind_language', 'text').execute();
  await db.schema.alterTable('timetable_events').addColumn('reminded_at', 'bigint').execute();
  await db.schema.alterTable('timetable_events').addColumn('reminder_send_id', 'text').execute();
  await db.schema
    .createIndex('timetable_events_reminders')
    .on('timetable_events')
    .columns(['kind', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('timetable_events_reminders').execute();
  await db.schema.alterTable('timetable_events').dropColumn('reminder_send_id').execute();
  await db.schema.alterTable('timetable_events').dropColumn('reminded_at').execute();
  await db.schema.alterTable('timetable_events').dropColumn('remind_language').execute();
}
