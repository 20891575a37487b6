import type { Kysely } from 'kysely';

/**
 * Online assignments (db/schema-assignments.ts): an assignment posted to one or more classrooms,
 * and one submission per student that a resubmission replaces until it is marked.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_url', 'text')
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('full_marks', 'integer', (c) => c.notNull())
    .addColumn('accept_late', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignments_account_idx')
    .on('assignments')
    .columns(['account_id', 'due_at'])
    .execute();

  await db.schema
    .createTable('assignment_classrooms')
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assignment_classrooms_pk', ['assignment_id', 'classroom_id'])
    .execute();
  await db.schema
    .createIndex('assignment_classrooms_classroom_idx')
    .on('assignment_classrooms')
    .column('classroom_id')
    .execute();

  await db.schema
    .createTable('assignment_submissions')
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('file_url', 'text')
    .addColumn('submitted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('marks', 'integer')
    .addColumn('comment', 'text')
    .addColumn('marked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('marked_at', 'bigint')
    .addPrimaryKeyConstraint('assignment_submissions_pk', ['assignment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('assignment_submissions_student_idx')
    .on('assignment_submissions')
    .column('student_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assignment_submissions').execute();
  await db.schema.dropTable('assignment_classrooms').execute();
  await db.schema.dropTable('assignments').execute();
}
