import { type Kysely, sql } from 'kysely';

/**
 * The family portal (DESIGN.md §1 "Family portal"; db/schema-portal.ts): what each classroom
 * shows families, the app-free attendance link of a child (`/a/{key}`; kept, like a pay link's key, so each
 * attendance SMS carries the same link),
 * a phone user's own choices (name asked once, language, theme), and the page an online payment
 * started from the portal returns to. The messages a family reads are found by phone, newest
 * first, hence the index on sms_messages.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_classroom_settings')
    .addColumn('classroom_id', 'text', (c) => c.primaryKey().references('classrooms.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('show_dues', 'integer', (c) => c.notNull())
    .addColumn('online_payment', 'integer', (c) => c.notNull())
    .addColumn('show_attendance', 'integer', (c) => c.notNull())
    .addColumn('show_results', 'integer', (c) => c.notNull())
    .addColumn('attendance_link_sms', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('attendance_links')
    .addColumn('student_id', 'text', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('link_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_opened_at', 'bigint')
    .execute();

  await db.schema
    .createTable('portal_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name_asked_at', 'bigint')
    .addColumn('language', 'text')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo(sql`'system'`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('online_payments').addColumn('return_path', 'text').execute();
  await db.schema.createIndex('sms_messages_phone_idx').on('sms_messages').columns(['phone']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_messages_phone_idx').execute();
  await db.schema.alterTable('online_payments').dropColumn('return_path').execute();
  await db.schema.dropTable('portal_profiles').execute();
  await db.schema.dropTable('attendance_links').execute();
  await db.schema.dropTable('portal_classroom_settings').execute();
}
