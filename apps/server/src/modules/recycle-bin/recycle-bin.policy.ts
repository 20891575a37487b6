import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who works the Recycle bin: the people who may delete what it keeps, the account's owner and the
// admins over it. Assistants are refused even where they work (restoring puts back marks, and
// later money, that only the owner decides on); families and other accounts never reach the
// account (MANAGER_ACCESS, then requireAccount answers "not found").

/** Listing and restoring deleted items: owners and admins only. */
export function requireRecycleBinOwner(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
