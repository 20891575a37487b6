import { type Kysely, sql } from 'kysely';

/**
 * Assistants get a grant of their own for sending SMS (the SMS capability's "Compose": an assistant with a
 * send permission). Until now manageStudents was that permission, so existing grants copy it:
 * an assistant who could send before the upgrade still can, and the teacher may take it away.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('moderators')
    .addColumn('send_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('moderators').set({ send_sms: sql`manage_students` }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('moderators').dropColumn('send_sms').execute();
}
