import type { Kysely } from 'kysely';

/**
 * Face registration and recognition (db/schema-faces.ts): each student's descriptors sealed with
 * the installation's secrets key, the registration links sent to students, the account's match
 * threshold, and the distance of each face punch.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('face_prints')
    .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('angles', 'integer', (c) => c.notNull())
    .addColumn('liveness', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_prints_account_idx').on('face_prints').column('account_id').execute();

  await db.schema
    .createTable('face_print_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('face_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('threshold', 'real', (c) => c.notNull())
    .addColumn('keep_photo', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('attendance_punches').addColumn('match_distance', 'real').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendance_punches').dropColumn('match_distance').execute();
  await db.schema.dropTable('face_settings').execute();
  await db.schema.dropTable('face_print_keys').execute();
  await db.schema.dropTable('face_prints').execute();
}
