import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who handles an account's money (issue 15). Taking payments, voids, refunds, waivers and special
// payments speak for the institution's books: the account's owner and its admins. Assistants are
// refused until they have a collect grant of their own (the issue's "assistant with a collect
// permission"), as sending SMS got its own grant rather than riding on manageStudents.

export function requireFeesManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
