import type { EventBus } from '../events/event-bus';

/** Tells the account's staff (the inbox and its sidebar badge) that its applications changed. */
export async function publishApplications(events: EventBus, accountId: string, type: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type,
    stale: [{ resource: 'admission-applications', params: { accountId } }],
  });
}
