import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

/**
 * Paying for an account's plan and SMS, and seeing what it paid, is its owner's: not the admins
 * who oversee it, not assistants (who never reach this: the routes admit teachers and admins).
 */
export function requireOwner(scope: AccountScope): void {
  if (scope.relation !== 'owner') throw failure(403, 'FORBIDDEN');
}

/** Grants, extensions, discounts and the billing settings are platform staff's. */
export function requirePlatformStaff(principal: Principal): void {
  if (principal.user.is_staff !== 1) throw failure(403, 'FORBIDDEN');
}
