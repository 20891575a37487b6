import type { Kysely } from 'kysely';

/**
 * Assessments, marks and grade scales (db/schema-assessments.ts). Marks are
 * integer hundredths; a cell's version is what conflict detection compares when two people edit
 * the same grid. Subjects' parts (CQ / MCQ / practical, each with its own pass marks) and a
 * scale's bands are JSON: always read and written whole with their row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('grade_scales')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('bands', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('held_on', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assessments_classroom_idx')
    .on('assessments')
    .columns(['classroom_id', 'term', 'held_on'])
    .execute();
  await db.schema.createIndex('assessments_account_idx').on('assessments').column('account_id').execute();

  await db.schema
    .createTable('assessment_subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assessment_id', 'text', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assessment_subjects_assessment_idx')
    .on('assessment_subjects')
    .columns(['assessment_id', 'position'])
    .execute();

  await db.schema
    .createTable('assessment_marks')
    .addColumn('assessment_id', 'text', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) =>
      c.notNull().references('assessment_subjects.id').onDelete('cascade'),
    )
    .addColumn('part_key', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('marks', 'integer')
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_marks_pk', ['assessment_id', 'subject_id', 'part_key', 'student_id'])
    .execute();
  // A student's marks across assessments (report cards, and the cascade when a student is deleted).
  await db.schema
    .createIndex('assessment_marks_student_idx')
    .on('assessment_marks')
    .columns(['student_id', 'assessment_id'])
    .execute();
  await db.schema
    .createIndex('assessment_marks_subject_idx')
    .on('assessment_marks')
    .column('subject_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assessment_marks').execute();
  await db.schema.dropTable('assessment_subjects').execute();
  await db.schema.dropTable('assessments').execute();
  await db.schema.dropTable('grade_scales').execute();
}
