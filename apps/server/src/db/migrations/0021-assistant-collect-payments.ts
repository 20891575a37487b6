import type { Kysely } from 'kysely';

/**
 * Assistants get a grant of their own for taking payments at the counter (the fees and payments capability:
 * "teacher, admin, assistant with a collect permission"). Unlike the send-SMS grant (0015), no
 * existing grant copies another flag: money is the institution's, so nobody collects until the
 * teacher says so.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('moderators')
    .addColumn('collect_payments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('moderators').dropColumn('collect_payments').execute();
}
