import type { Kysely } from 'kysely';

/**
 * Attendance core (db/schema-attendance.ts): devices (kiosks by key hash, ZKTeco by
 * serial), punches, per-session marks with their history, and per-classroom settings.
 * - UNIQUE (device_id, dedupe_key) is what makes a resent punch (a kiosk's client id, a ZKTeco
 *   line's PIN and local time) one punch however often it arrives; manual punches (no device)
 *   are never deduplicated, as NULLs are distinct.
 * - A mark's key is its session: classroom, student, Bangladesh date the session starts, start.
 * Unique text columns that stay NULL for the other kind of device (serial, key_hash) are fine on
 * both databases: NULLs never clash. And one index on `jobs` (type, status, run_at), for the
 * punches' alert job.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.unique())
    .addColumn('key_hash', 'text', (c) => c.unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_contact_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('attendance_devices_account_idx')
    .on('attendance_devices')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('attendance_punches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.references('attendance_devices.id').onDelete('set null'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('verify_code', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_punches_dedupe_idx')
    .on('attendance_punches')
    .columns(['device_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('attendance_punches_account_idx')
    .on('attendance_punches')
    .columns(['account_id', 'at'])
    .execute();
  await db.schema
    .createIndex('attendance_punches_student_idx')
    .on('attendance_punches')
    .columns(['student_id', 'at'])
    .execute();

  await db.schema
    .createTable('attendance_marks')
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('session_date', 'text', (c) => c.notNull())
    .addColumn('session_start', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('marked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_marks_pk', [
      'classroom_id',
      'student_id',
      'session_date',
      'session_start',
    ])
    .execute();
  // A student's calendar reads their marks by date across classrooms.
  await db.schema
    .createIndex('attendance_marks_student_idx')
    .on('attendance_marks')
    .columns(['student_id', 'session_date'])
    .execute();
  // A classroom's register and roll call read one session or a month of sessions.
  await db.schema
    .createIndex('attendance_marks_session_idx')
    .on('attendance_marks')
    .columns(['classroom_id', 'session_date', 'session_start'])
    .execute();

  await db.schema
    .createTable('attendance_mark_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('session_date', 'text', (c) => c.notNull())
    .addColumn('session_start', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('previous_status', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('marked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_mark_history_session_idx')
    .on('attendance_mark_history')
    .columns(['classroom_id', 'session_date', 'student_id'])
    .execute();

  // Each punch transaction looks for the attendance.alert job still queued, to join it
  // (modules/attendance/punch.service.ts): this answers it without reading other job types.
  await db.schema.createIndex('jobs_type_due_idx').on('jobs').columns(['type', 'status', 'run_at']).execute();

  await db.schema
    .createTable('attendance_settings')
    .addColumn('classroom_id', 'text', (c) => c.primaryKey().references('classrooms.id').onDelete('cascade'))
    .addColumn('late_after_minutes', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('sms_mode', 'text', (c) => c.notNull().defaultTo('off'))
    .addColumn('sms_window_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('absence_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_type_due_idx').execute();
  for (const table of [
    'attendance_settings',
    'attendance_mark_history',
    'attendance_marks',
    'attendance_punches',
    'attendance_devices',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
