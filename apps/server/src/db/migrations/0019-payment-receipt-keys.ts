import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Each payment gets the key of its public receipt link (`/student-payment-receipt?key=…`, the fees and payments capability
 * item 2): random and unguessable, so the link can go to a parent by SMS and shows that one
 * receipt only. Payments recorded before get theirs here.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('receipt_key', 'text').execute();
  const rows = (await db.selectFrom('payments').select('id').execute()) as { id: string }[];
  for (const row of rows) {
    await db
      .updateTable('payments')
      .set({ receipt_key: crypto.randomBytes(24).toString('base64url') })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('payments_receipt_key_idx')
    .on('payments')
    .column('receipt_key')
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_receipt_key_idx').execute();
  await db.schema.alterTable('payments').dropColumn('receipt_key').execute();
}
