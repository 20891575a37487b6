import type { ActivityMessage } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database, StudentsTable } from '../../db/schema';
import type { Principal } from '../../lib/access';
import { logActivity } from '../activity/activity';
import { emitWebhook } from '../webhooks/webhook-outbox';
import type { EndpointRow } from '../webhooks/webhooks.repository';

export interface SaveRecord {
  accountId: string;
  studentId: string;
  mode: 'create' | 'save' | 'include';
  /** The fields written to the student (StudentSaveService). */
  identity: Pick<
    StudentsTable,
    'name' | 'phone' | 'email' | 'institution' | 'custom_id' | 'rfid' | 'parent1_phone' | 'parent2_phone'
  >;
  /** Names of the classrooms the student was added to. */
  addedTo: readonly string[];
  now: number;
  /** The account's enabled webhook endpoints, read before the transaction (WebhookSubscriptions). */
  endpoints?: readonly EndpointRow[];
}

/**
 * What a drawer save leaves besides the student, in its transaction: the activity log's entry
 * ("Add Student" / "Update Student Info", part 2 §4) and, but for an include alone, the
 * account's `student.created` / `student.updated` webhook.
 */
export async function recordSave(
  trx: Kysely<Database>,
  principal: Principal,
  record: SaveRecord,
): Promise<void> {
  const { accountId, studentId, mode, identity, addedTo, now, endpoints } = record;
  const student = identity.name;
  const message: ActivityMessage =
    mode === 'create'
      ? { key: 'studentAdded', params: { student } }
      : addedTo.length
        ? { key: 'studentUpdatedInto', params: { student, classrooms: addedTo.join(', ') } }
        : { key: 'studentUpdated', params: { student } };
  await logActivity(
    trx,
    principal,
    {
      accountId,
      eventName: mode === 'create' ? 'Add Student' : 'Update Student Info',
      message,
      subjectType: 'student',
      subjectId: studentId,
      data: { studentName: student, modifierId: principal.user.id, modifierName: principal.user.name },
    },
    now,
  );
  if (mode === 'include') return;
  await emitWebhook(
    trx,
    {
      accountId,
      type: mode === 'create' ? 'student.created' : 'student.updated',
      data: {
        studentId,
        name: identity.name,
        phone: identity.phone,
        email: identity.email,
        institution: identity.institution,
        customId: identity.custom_id,
        rfid: identity.rfid,
        parent1Phone: identity.parent1_phone,
        parent2Phone: identity.parent2_phone,
      },
      now,
    },
    endpoints,
  );
}
