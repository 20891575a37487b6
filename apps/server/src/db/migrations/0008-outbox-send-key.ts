import type { Kysely } from 'kysely';

/**
 * A send key on outbox rows (an `sms.send` job's id): a job re-run after its worker died between
 * sending and recording completion finds its message already kept and does not keep it twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('send_key', 'text').execute();
  await db.schema.createIndex('outbox_send_key_unique').on('outbox').column('send_key').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_send_key_unique').execute();
  await db.schema.alterTable('outbox').dropColumn('send_key').execute();
}
