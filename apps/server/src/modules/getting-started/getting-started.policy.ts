import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// The first-run checklist speaks about setting up the whole account (classrooms, fees, SMS,
// admission, kiosks): its owner's and admins' business. Assistants work inside an account that
// is already set up, whatever their grants, and are refused.

export function requireChecklistReader(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
