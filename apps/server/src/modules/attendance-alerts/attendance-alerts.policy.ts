import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who sets up parent SMS on attendance. Once on, a classroom's setting spends
// SMS quota on every punch without anyone confirming a send — a standing order, like the
// automatic dues reminder — so it is the account's owner's and admins' only; assistants, whatever
// their grants, neither change it nor read the log of families' numbers and texts.

/** The settings and the log: owners and admins. */
export function requireAlertManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
