import type { Kysely } from 'kysely';

/**
 * Classrooms and students: people across teachers, the archive, custom student fields, sign-in
 * and photo links, short links, and the indexes the paged student list and clash checks read.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  // Records of one person in several teachers' accounts share person_id (null: the record is its
  // own person). archived_at is set while a student has no classroom left (they are in the archive).
  await db.schema.alterTable('students').addColumn('person_id', 'text').execute();
  await db.schema.alterTable('students').addColumn('archived_at', 'bigint').execute();
  await db.schema.createIndex('students_person_idx').on('students').column('person_id').execute();
  // The list's first page is an ordered walk of this index: active students of an account by name.
  await db.schema
    .createIndex('students_account_active_name_idx')
    .on('students')
    .columns(['account_id', 'archived_at', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('students_account_custom_id_idx')
    .on('students')
    .columns(['account_id', 'custom_id'])
    .execute();
  await db.schema
    .createIndex('students_account_rfid_idx')
    .on('students')
    .columns(['account_id', 'rfid'])
    .execute();
  await db.schema
    .createIndex('classrooms_account_path_uq')
    .on('classrooms')
    .columns(['account_id', 'grade', 'subject', 'name'])
    .unique()
    .execute();

  // A copy of each enrolment removed by an archive (type Archive) or a removal (type Delete), from
  // which the student can be unarchived. classroom_id is no foreign key: the copy outlives it.
  await db.schema
    .createTable('archived_enrolments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull())
    .addColumn('grade', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('classroom_name', 'text', (c) => c.notNull())
    .addColumn('archive_type', 'text', (c) => c.notNull())
    .addColumn('archived_by', 'text')
    .addColumn('archived_by_name', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'bigint', (c) => c.notNull())
    .addColumn('min_timestamp', 'bigint', (c) => c.notNull())
    .addColumn('max_timestamp', 'bigint', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .addColumn('accepted_at', 'bigint')
    .addColumn('tuition_fee', 'bigint')
    .addColumn('enrolment_type', 'text')
    .addColumn('video_permission', 'text')
    // The student's identity when archived (the spec's Info: name, ID, phones, e-mail, photo).
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('restored_at', 'bigint')
    .addColumn('restored_by', 'text')
    .execute();
  await db.schema
    .createIndex('archived_enrolments_account_idx')
    .on('archived_enrolments')
    .columns(['account_id', 'restored_at', 'archived_at'])
    .execute();
  await db.schema
    .createIndex('archived_enrolments_student_idx')
    .on('archived_enrolments')
    .column('student_id')
    .execute();

  await db.schema
    .createTable('student_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('student_fields_account_name_uq', ['account_id', 'name'])
    .execute();

  // Student-Auto-Login and ManageAuth: only a hash of the key is kept.
  await db.schema
    .createTable('auth_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('valid_till', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_links_account_idx').on('auth_links').column('account_id').execute();
  await db.schema.createIndex('auth_links_user_idx').on('auth_links').column('user_id').execute();

  // LivePhotoKeys: a photo link for one student, spent by its first upload.
  await db.schema
    .createTable('live_photo_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('short_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'short_links',
    'live_photo_keys',
    'auth_links',
    'student_fields',
    'archived_enrolments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'classrooms_account_path_uq',
    'students_account_rfid_idx',
    'students_account_custom_id_idx',
    'students_account_active_name_idx',
    'students_person_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('students').dropColumn('archived_at').execute();
  await db.schema.alterTable('students').dropColumn('person_id').execute();
}
