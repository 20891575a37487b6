import type { EventBus } from '../events/event-bus';

/**
 * Tells the account's staff that assessments or marks changed: every open grid, list
 * and term result of the account refetches. `data` names the assessment when marks changed, so a
 * grid can tell its own save from someone else's.
 */
export async function publishAssessments(
  events: EventBus,
  accountId: string,
  data?: { assessmentId: string; by: string },
): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: data ? 'assessments.marks' : 'assessments.changed',
    stale: [{ resource: 'assessments', params: { accountId } }],
    ...(data ? { data } : {}),
  });
}
