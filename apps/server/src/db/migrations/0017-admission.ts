import type { Kysely } from 'kysely';

/**
 * Online admission applications (spec part 1 §3 "Online admission application"). The
 * public form writes them, staff accept (making `student_id`) or reject them. The two indexes
 * serve the inbox (an account's applications by status, newest first) and the 90-day duplicate
 * check (an account's applications with one phone, by time). Custom fields are a JSON document
 * in text, like every other JSON column, so both dialects read it the same way.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admission_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('parent1_phone', 'text', (c) => c.notNull())
    .addColumn('parent2_phone', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('course_classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('set null'))
    .addColumn('custom_fields', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('admission_applications_status_idx')
    .on('admission_applications')
    .columns(['account_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('admission_applications_phone_idx')
    .on('admission_applications')
    .columns(['account_id', 'phone', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_applications').execute();
}
