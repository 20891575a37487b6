import type { Kysely } from 'kysely';

/**
 * Guards against strangers (db/schema-abuse-guards.ts): the pictures the public admission form
 * issued, so an application can carry only a picture uploaded with that very form, and the
 * devices a person signed in from before, which password guessing by others never holds up; and
 * a way to find the activity entry that sums up a device address's refused serials.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admission_pictures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('application_id', 'text')
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('known_devices_user_idx').on('known_devices').column('user_id').execute();

  // The one summary entry of refused device serials per address and window is found again by
  // its subject while the window lasts.
  await db.schema
    .createIndex('activity_log_subject_idx')
    .on('activity_log')
    .columns(['subject_type', 'subject_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_log_subject_idx').execute();
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('admission_pictures').execute();
}
