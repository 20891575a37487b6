import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who manages an account's attendance devices: the owner and admins. A device
// records attendance for every student of the account and a kiosk key opens the account's
// punch routes, so adding, revoking or re-syncing one speaks for the whole institution; teacher
// assistants are refused whatever their grants.

export function requireDeviceManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
