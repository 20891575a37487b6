import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who decides an account's SMS sender and shares its quota: its teacher and admins, since both
// speak for the institution and spend its money; assistants do not. Masking names are approved
// by platform staff alone (research/integrations.md §3.6: the gateway registers the mask).

export function requireSmsOwner(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}

export function requirePlatformStaff(principal: Principal): void {
  if (principal.user.is_staff !== 1) throw failure(403, 'FORBIDDEN');
}
