import { withinLimit } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import type { PlansService } from '../plans/plans.service';

/**
 * Refuses one more assistant when `used` seats already fill the plan's moderator limit (spec part
 * 1 §6: 2 on Lite, unlimited on Pro), with the message the web pairs with its upgrade link.
 */
export async function requireModeratorSeat(
  plans: Pick<PlansService, 'limit'>,
  accountId: string,
  used: number,
): Promise<void> {
  const limit = await plans.limit(accountId, 'moderators');
  if (!withinLimit(limit, used)) throw failure(403, 'PLAN_LIMIT_MODERATORS', { limit: limit ?? 0 });
}
