import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Deleting a student for good takes their payments and receipts with them, and only the Recycle
// bin's people (the account's owner and the admins over it) can bring them back; so they alone
// delete. Assistants, even those managing the student's classrooms, are refused.

export function requireStudentDeleter(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
