import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';

/**
 * Who sees an account's activity summary and business insight: its owner, and an admin for the
 * teachers they manage. An admin's own account spans their teachers, as its lists do
 * (access.policy.ts `listScopes`). Assistants are refused: the figures speak for the whole
 * institution, as the money manager's do (money.policy.ts).
 */
export async function ownerAccountIds(
  access: AccessPolicy,
  principal: Principal,
  accountId: string,
): Promise<string[]> {
  const scope = await access.requireAccount(principal, accountId);
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
  return (await access.listScopes(principal, accountId)).map((s) => s.accountId);
}
