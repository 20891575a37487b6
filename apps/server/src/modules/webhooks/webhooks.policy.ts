import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

/**
 * Webhooks send the account's data to another system, so only the account's owner manages them:
 * not the admin of a team the teacher belongs to, not an assistant.
 */
export function requireWebhookOwner(scope: AccountScope): void {
  if (scope.relation !== 'owner') throw failure(403, 'FORBIDDEN');
}
