import type { Kysely } from 'kysely';

/**
 * People, institution accounts, teams, sessions and sign-in codes; plus the core of classrooms,
 * students and enrolments that role-based loading reads (the classroom module adds the rest).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('profession', 'text')
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar_key', 'text')
    .addColumn('suspicious_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('password_changed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().unique().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('app_mode', 'text', (c) => c.notNull())
    .addColumn('teacher_type', 'text', (c) => c.notNull())
    .addColumn('online_payment', 'text', (c) => c.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('sms_quota', 'integer', (c) => c.notNull())
    .addColumn('sms_rate_paisa', 'integer', (c) => c.notNull())
    .addColumn('sms_shared_from', 'text', (c) => c.references('accounts.id'))
    .addColumn('max_custom_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'text')
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_tools')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tool_key', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('installed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_tools_pk', ['account_id', 'tool_key'])
    .execute();

  // A teacher has at most one admin: the teacher's account is the key.
  await db.schema
    .createTable('admin_teachers')
    .addColumn('teacher_account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('admin_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_teachers_admin_idx')
    .on('admin_teachers')
    .column('admin_account_id')
    .execute();

  await db.schema
    .createTable('classrooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('grade', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('avatar_key', 'text')
    .addColumn('tuition_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('timings', 'text')
    .addColumn('collection_month', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('classrooms_account_idx').on('classrooms').column('account_id').execute();

  // Assistant grants: account-wide when classroom_id is null, else for one classroom.
  await db.schema
    .createTable('moderators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('manage_students', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modify_custom_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .execute();
  await db.schema.createIndex('moderators_user_idx').on('moderators').column('user_id').execute();
  await db.schema.createIndex('moderators_account_idx').on('moderators').column('account_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_email', 'text')
    .addColumn('invitee_phone', 'text')
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('cascade'))
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('responded_at', 'bigint')
    .addColumn('responded_by', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('invitee_email').execute();
  await db.schema.createIndex('invitations_phone_idx').on('invitations').column('invitee_phone').execute();

  await db.schema
    .createTable('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('avatar_key', 'text')
    .addColumn('custom_id', 'text')
    .addColumn('rfid', 'text')
    .addColumn('parent1_phone', 'text')
    .addColumn('parent2_phone', 'text')
    .addColumn('custom_fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('students_account_name_idx')
    .on('students')
    .columns(['account_id', 'name'])
    .execute();
  await db.schema.createIndex('students_phone_idx').on('students').column('phone').execute();
  await db.schema.createIndex('students_user_idx').on('students').column('user_id').execute();

  await db.schema
    .createTable('enrolments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('tuition_fee', 'bigint')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('video_permission', 'text', (c) => c.notNull())
    .addUniqueConstraint('enrolments_student_classroom_uq', ['student_id', 'classroom_id'])
    .execute();
  await db.schema.createIndex('enrolments_classroom_idx').on('enrolments').column('classroom_id').execute();

  // The parent ↔ student mapping by phone (the spec's PARENT-STUDENT-MAPPER).
  await db.schema
    .createTable('parent_links')
    .addColumn('parent_phone', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('parent_links_pk', ['parent_phone', 'student_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('active_account_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  // Sign-in codes by SMS and password-reset links by e-mail: only a hash is kept.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['purpose', 'target', 'created_at'])
    .execute();

  // Fixed-window counters shared by every API process (sign-in, code and reset limits).
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
    .execute();

  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('impersonator_id', 'text')
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_log_account_idx')
    .on('activity_log')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('download_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('download_usage_account_idx')
    .on('download_usage')
    .columns(['account_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'download_usage',
    'analytics_events',
    'activity_log',
    'rate_limits',
    'verification_codes',
    'sessions',
    'parent_links',
    'enrolments',
    'students',
    'invitations',
    'moderators',
    'classrooms',
    'admin_teachers',
    'account_tools',
    'accounts',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
