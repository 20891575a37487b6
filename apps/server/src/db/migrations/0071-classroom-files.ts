import type { Kysely } from 'kysely';

/**
 * Files and notes per classroom (db/schema-uploads.ts): folders of a classroom, the files and
 * notes in them (a file's bytes are a claimed upload), and the students a file is shared with.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_folders_classroom_idx')
    .on('file_folders')
    .column('classroom_id')
    .execute();

  await db.schema
    .createTable('classroom_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.references('file_folders.id').onDelete('cascade'))
    .addColumn('upload_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('share', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('classroom_files_classroom_idx')
    .on('classroom_files')
    .columns(['classroom_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('classroom_file_students')
    .addColumn('file_id', 'text', (c) => c.notNull().references('classroom_files.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('classroom_file_students_pk', ['file_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('classroom_file_students_student_idx')
    .on('classroom_file_students')
    .column('student_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('classroom_file_students').execute();
  await db.schema.dropTable('classroom_files').execute();
  await db.schema.dropTable('file_folders').execute();
}
