import { failure } from '../../lib/errors';
import { type AccountScope, sendsSmsIn } from '../access/access.policy';

// Who may text whom (the SMS capability's "Compose": teacher, admin, and an assistant with a send
// permission). That permission is the assistant's sendSms grant, account-wide or for single
// classrooms; it is apart from manageStudents, since texting parents costs the account money
// and speaks for the teacher (grants from before it existed copied manageStudents, 0015).

/** Texting typed numbers and anyone in the account: owners, admins, account-wide assistants. */
export function sendsAccountWide(scope: AccountScope): boolean {
  return scope.relation !== 'assistant' || (scope.classrooms === 'all' && scope.sendSms);
}

/** Classrooms whose students the caller may text; null: every classroom of the account. */
export function sendableClassrooms(scope: AccountScope): string[] | null {
  if (sendsAccountWide(scope)) return null;
  const seen = scope.classrooms === 'all' ? Object.keys(scope.classroomFlags) : scope.classrooms;
  return seen.filter((id) => sendsSmsIn(scope, id));
}

/**
 * Refuses a send the caller may not make: a classroom without the permission (named in the
 * message), or typed numbers from someone limited to some classrooms.
 */
export function requireSendTo(
  scope: AccountScope,
  classrooms: readonly { id: string; name: string }[],
  typedNumbers: boolean,
): void {
  if (sendsAccountWide(scope)) return;
  const denied = classrooms.find((room) => !sendsSmsIn(scope, room.id));
  if (denied) throw failure(403, 'SMS_SEND_PERMISSION_REQUIRED', { batch: denied.name });
  if (typedNumbers) throw failure(403, 'SMS_SEND_PERMISSION_REQUIRED', { batch: '-' });
}

/** Owners and admins see every send of the account; an assistant sees the sends they made. */
export function seesEverySend(scope: AccountScope): boolean {
  return scope.relation !== 'assistant';
}
