import { type Kysely, sql } from 'kysely';

/**
 * Parent SMS on attendance (db/schema-attendance-alerts.ts): a classroom's alert
 * texts, the per-student, per-direction window, and the log of alerts. The log's unique
 * dedupe_key (one row per punch, one per student and session for absences) is what makes a
 * retried job send nothing twice; the window row's conditional upsert is what keeps two workers
 * from both sending within one window.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance_alert_texts')
    .addColumn('classroom_id', 'text', (c) => c.primaryKey().references('classrooms.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('entry_en', 'text')
    .addColumn('entry_bn', 'text')
    .addColumn('exit_en', 'text')
    .addColumn('exit_bn', 'text')
    .addColumn('absence_en', 'text')
    .addColumn('absence_bn', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('attendance_alert_windows')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_alert_windows_pk', ['student_id', 'direction'])
    .execute();

  await db.schema
    .createTable('attendance_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('set null'))
    .addColumn('punch_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('phone', 'text')
    .addColumn('text', 'text')
    .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('send_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The log page: an account's newest first, or one classroom's.
  await db.schema
    .createIndex('attendance_alerts_account_idx')
    .on('attendance_alerts')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('attendance_alerts_classroom_idx')
    .on('attendance_alerts')
    .columns(['classroom_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attendance_alerts').execute();
  await db.schema.dropTable('attendance_alert_windows').execute();
  await db.schema.dropTable('attendance_alert_texts').execute();
}
