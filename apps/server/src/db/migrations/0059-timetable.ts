import type { Kysely } from 'kysely';

/**
 * The timetable (db/schema-timetable.ts): a classroom's one-off changes to its weekly timings
 * (part 1 §3 "Batch" `Events`), and the secret links of its iCalendar feeds.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('timetable_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start', 'text')
    .addColumn('end', 'text')
    .addColumn('new_date', 'text')
    .addColumn('new_start', 'text')
    .addColumn('new_end', 'text')
    .addColumn('place', 'text')
    .addColumn('note', 'text')
    .addColumn('sms_send_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('timetable_events_classroom')
    .on('timetable_events')
    .columns(['classroom_id', 'date'])
    .execute();
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_feeds_classroom')
    .on('calendar_feeds')
    .column('classroom_id')
    .execute();
  await db.schema
    .createIndex('calendar_feeds_student')
    .on('calendar_feeds')
    .columns(['student_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('timetable_events').execute();
}
