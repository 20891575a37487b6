import type { EventBus } from '../events/event-bus';

/** Tells the account's staff that dues or payments changed (their dues and receipts refresh). */
export async function publishFees(events: EventBus, accountId: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'fees.changed',
    stale: [{ resource: 'fees', params: { accountId } }],
  });
}
