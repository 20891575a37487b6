import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who may onboard a file. The file names student IDs and any classroom of the account,
// so it takes what adding those students one by one would: manageStudents on every classroom
// (account-wide) and modifyCustomID. Owners and admins have both; an assistant needs both grants
// account-wide.

export function requireOnboarder(scope: AccountScope): void {
  if (scope.relation !== 'assistant') return;
  if (scope.classrooms !== 'all' || !scope.manageStudents)
    throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: '-' });
  if (!scope.modifyCustomId) throw failure(403, 'MODIFY_CUSTOM_ID_REQUIRED');
}
