import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

/** Where the installs that count for a caller come from, and how they are labelled. */
export interface InstallSource {
  accountId: string;
  source: 'own' | 'admin';
}

/**
 * Which accounts' installed tools apply to a caller working in `scope`'s account (spec part 2 §4
 * "Tool availability"): an admin's tools are read from the admin's own account; an assistant
 * uses only what is installed on the account they work in (never its admin's); a teacher uses
 * their own and their admin's, the later expiry winning where both have a tool.
 */
export function installSources(
  scope: AccountScope,
  ownAccountId: string | undefined,
  adminAccountId: string | undefined,
): InstallSource[] {
  if (scope.relation === 'assistant') return [{ accountId: scope.accountId, source: 'own' }];
  if (scope.relation === 'admin') return ownAccountId ? [{ accountId: ownAccountId, source: 'admin' }] : [];
  const own: InstallSource = { accountId: scope.accountId, source: 'own' };
  return scope.adminTeam || !adminAccountId ? [own] : [own, { accountId: adminAccountId, source: 'admin' }];
}

/** Installing, removing and pinning are the account's teacher's and admins' (not assistants'). */
export function requireToolManager(_principal: Principal, scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
