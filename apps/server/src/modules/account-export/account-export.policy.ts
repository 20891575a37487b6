import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

/**
 * The export holds everything the account has (people's phones, payments, files), so only the
 * account's owner may make or download one: not the admin of a team, not an assistant.
 */
export function requireExportOwner(scope: AccountScope): void {
  if (scope.relation !== 'owner') throw failure(403, 'FORBIDDEN');
}
