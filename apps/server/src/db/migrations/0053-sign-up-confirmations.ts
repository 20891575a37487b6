import type { Kysely } from 'kysely';

/**
 * Sign-ups waiting for their e-mail to be confirmed (db/schema-abuse-guards.ts): sign-up answers
 * alike for a new and a registered e-mail, so the account is made only from the link mailed to
 * the address (modules/identity/IDENTITY.md "Abuse limits").
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_up_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_up_confirmations_email_idx')
    .on('sign_up_confirmations')
    .column('email')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_up_confirmations').execute();
}
