import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who sees an account's books (the fees and payments capability: "Money manager (owner and admin)"). The totals,
// expenses and profit speak for the whole institution, so assistants are refused even when a
// collect grant lets them take payments at the counter.

export function requireMoneyManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
