import type { Kysely } from 'kysely';

/**
 * Delivery reports name a message by our id (the csms_id we sent) or, for a gateway that takes no
 * id of ours (BulkSMSBD), by the gateway's own id: looked up by that id, not by a scan.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sms_messages_provider_idx').on('sms_messages').column('provider_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_messages_provider_idx').execute();
}
