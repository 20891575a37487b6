import type { Kysely } from 'kysely';

/**
 * The optional SMS the day before an exam day: the language the teacher chose on the exam event
 * (null: none), and when and by which send it went, so the daily job sends it once. And the
 * assessment an assignment's marks went into, per classroom, so sending them again updates it.
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
  await db.schema
    .createTable('assignment_assessments')
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('assessment_id', 'text', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assignment_assessments_pk', ['assignment_id', 'classroom_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assignment_assessments').execute();
  await db.schema.dropIndex('timetable_events_reminders').execute();
  await db.schema.alterTable('timetable_events').dropColumn('reminder_send_id').execute();
  await db.schema.alterTable('timetable_events').dropColumn('reminded_at').execute();
  await db.schema.alterTable('timetable_events').dropColumn('remind_language').execute();
}
