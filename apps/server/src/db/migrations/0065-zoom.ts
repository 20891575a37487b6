import type { Kysely } from 'kysely';

/**
 * Online classes through Zoom (db/schema-zoom.ts): an account's Zoom connection (its OAuth tokens
 * sealed), the state of an authorisation under way, the meetings made for timetable classes, and
 * each student's personal join link.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('zoom_connections')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('sealed_tokens', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text')
    .addColumn('zoom_email', 'text')
    .addColumn('connected_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addColumn('refreshed_at', 'bigint')
    .execute();
  await db.schema
    .createTable('zoom_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('zoom_meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text', (c) => c.notNull())
    .addColumn('zoom_id', 'text', (c) => c.notNull())
    .addColumn('zoom_uuid', 'text', (c) => c.notNull())
    .addColumn('join_url', 'text', (c) => c.notNull())
    .addColumn('short_url', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('sms_send_id', 'text')
    .addColumn('attendance_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('zoom_meetings_class', ['classroom_id', 'date', 'start'])
    .execute();
  await db.schema.createIndex('zoom_meetings_zoom_id').on('zoom_meetings').column('zoom_id').execute();
  await db.schema
    .createTable('zoom_join_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('zoom_meetings.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('zoom_join_links_meeting')
    .on('zoom_join_links')
    .columns(['meeting_id', 'student_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('zoom_join_links').execute();
  await db.schema.dropTable('zoom_meetings').execute();
  await db.schema.dropTable('zoom_oauth_states').execute();
  await db.schema.dropTable('zoom_connections').execute();
}
