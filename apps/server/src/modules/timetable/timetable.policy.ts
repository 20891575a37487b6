import { notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who reads and changes the timetable.
//
// A classroom's calendar is read by everyone who works in it (owner, admins over it, assistants
// whose grant covers it), as roll call is. Changing it — and the SMS a cancellation may send, and
// the feed link that publishes it outside the app — is the owner's and admins' (the endpoints'
// MANAGER_ACCESS); the classroom must still be one the caller sees. Anything else is "not found".

export function requireTimetableOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}

/** Of these classrooms (of the scopes' accounts), those the caller's calendar shows. */
export function calendarClassrooms<T extends { id: string; account_id: string }>(
  scopes: readonly AccountScope[],
  classrooms: readonly T[],
): T[] {
  return classrooms.filter((c) => {
    const scope = scopes.find((s) => s.accountId === c.account_id);
    return scope !== undefined && seesClassroom(scope, c.id);
  });
}
