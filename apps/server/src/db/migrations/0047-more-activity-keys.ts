import { parseActivity } from '@batchwise/domain';
import type { Kysely } from 'kysely';

/**
 * Activity entries of devices, staff, report-card links, fee adjustments, online payment,
 * invitations and settings in the reader's language (db/schema.ts ActivityLogTable): entries of
 * these forms written before they had keys gain a key and parameters, read back with the
 * domain's parser as migration 0039 did. Only entries still without a key are read; a text of no
 * known form stays plain text.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  // In pages by id, so a long log is never read whole into memory.
  for (let after = ''; ; ) {
    const rows: { id: string; summary: string }[] = await db
      .selectFrom('activity_log')
      .select(['id', 'summary'])
      .where('id', '>', after)
      .where('message_key', 'is', null)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const message = parseActivity(row.summary);
      if (!message) continue;
      await db
        .updateTable('activity_log')
        .set({ message_key: message.key, message_params: JSON.stringify(message.params) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The keys this release added; their entries keep their text, so down only forgets the keys. */
const KEYS = [
  'deviceAdded',
  'kioskIssued',
  'deviceRenamed',
  'deviceRemoved',
  'deviceRemovedNoSerial',
  'kioskRemoved',
  'studentsQueued',
  'removedDeviceCalled',
  'staffSignedInAs',
  'staffStoppedSigningInAs',
  'staffSetFlags',
  'reportLinksMade',
  'reportLinksRevoked',
  'classTableLinkMade',
  'feeAdjusted',
  'merchantSettingsChanged',
  'onlinePaymentRecorded',
  'onlinePaymentTurnedDown',
  'onlinePaymentAlert',
  'invitedAssistant',
  'invitedTeacher',
  'assistantAccessRemoved',
  'assistantAccessSet',
  'assistantAccessBlocked',
  'institutionChanged',
  'studentFieldsSet',
];

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('activity_log')
    .set({ message_key: null, message_params: null })
    .where('message_key', 'in', KEYS)
    .execute();
}
