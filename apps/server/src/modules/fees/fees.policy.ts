import { failure, notFound } from '../../lib/errors';
import { type AccountScope, collectsIn, seesClassroom } from '../access/access.policy';

// Who handles an account's money.
//
// Counter collection is "teacher, admin, assistant with a collect permission" (item 2). That
// permission is the assistant's collectPayments grant (0021), account-wide or for single
// classrooms, apart from manageStudents and sendSms: taking cash speaks for the institution's
// books, so it is never implied by another grant and starts off. An assistant with it sees the
// dues of, and takes payments from, students enrolled in a classroom they collect for; each
// payment line must be that classroom's month or item (or an item set on the student alone).
//
// Everything that changes what a family owes or undoes money already taken — voids, refunds,
// waivers, discounts, not-billable months and special payments — stays with the owner and
// admins: these are the entries a cashier could use to hide money they pocketed, so the person
// answerable for the books makes them (and the activity log says who).

/** Voids, refunds, adjustments and special payments: the account's owner and its admins. */
export function requireFeesManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}

/** Collects for every student of the account: owners, admins, account-wide collectors. */
export function collectsAccountWide(scope: AccountScope): boolean {
  return scope.relation !== 'assistant' || (scope.classrooms === 'all' && scope.collectPayments);
}

/** Classrooms whose students the caller may collect from; null: every classroom of the account. */
export function collectableClassrooms(scope: AccountScope): string[] | null {
  if (collectsAccountWide(scope)) return null;
  const seen = scope.classrooms === 'all' ? Object.keys(scope.classroomFlags) : scope.classrooms;
  return seen.filter((id) => collectsIn(scope, id));
}

/** Whoever collects anywhere in the account (the dues pages); refuses everyone else. */
export function requireCollector(scope: AccountScope): void {
  const rooms = collectableClassrooms(scope);
  if (rooms !== null && rooms.length === 0) throw failure(403, 'FEES_COLLECT_PERMISSION_REQUIRED');
}

/**
 * The dues list of the account or one classroom. A collector limited to some classrooms names one
 * of them: the list of the whole account would show students they do not serve.
 */
export function requireDuesListOf(scope: AccountScope, classroomId: string | undefined): void {
  requireCollector(scope);
  const rooms = collectableClassrooms(scope);
  if (rooms === null) return;
  if (!classroomId || !rooms.includes(classroomId)) {
    if (classroomId && !seesClassroom(scope, classroomId)) throw notFound();
    throw failure(403, 'FEES_COLLECT_PERMISSION_REQUIRED');
  }
}

/**
 * One student's dues and payments: a collector limited to some classrooms reaches students
 * enrolled in one of them (`enrolledIn`: the student's accepted classrooms); others are not found,
 * as they are not in that collector's lists.
 */
export function requireStudentCollector(scope: AccountScope, enrolledIn: readonly string[]): void {
  requireCollector(scope);
  const rooms = collectableClassrooms(scope);
  if (rooms !== null && !enrolledIn.some((id) => rooms.includes(id))) throw notFound();
}

/**
 * A payment line a limited collector may take: a month or item of a classroom they collect for,
 * or an item set on the student alone (classroomId null).
 */
export function collectsLine(scope: AccountScope, classroomId: string | null): boolean {
  const rooms = collectableClassrooms(scope);
  return rooms === null || classroomId === null || rooms.includes(classroomId);
}
