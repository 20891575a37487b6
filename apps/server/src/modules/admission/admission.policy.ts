import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who works the online-admission inbox. Accepting makes a student and enrols them in
// any classroom of the account, so reading and deciding applications takes what adding students
// anywhere would: manageStudents account-wide. Owners and admins have it; an assistant needs the
// grant for the whole account (a classroom grant sees only that classroom's students, while an
// application belongs to no classroom yet). The student ID comes from the account's counter, never
// the caller, so modifyCustomID is not needed.

export function requireAdmissionStaff(scope: AccountScope): void {
  if (scope.relation !== 'assistant') return;
  if (scope.classrooms !== 'all' || !scope.manageStudents)
    throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: '-' });
}

/**
 * Who changes what the public wizard asks and shows: the account's owner and
 * its admins. An assistant works applications but does not speak for the institution to the
 * public, whatever their grants.
 */
export function requireAdmissionSettingsManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
