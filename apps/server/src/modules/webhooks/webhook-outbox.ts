import {
  WEBHOOK_LIMITS,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookPayload,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { enqueueIn } from '../jobs/jobs.service';
import { type EndpointRow, WebhooksRepository } from './webhooks.repository';

export interface WebhookEvent<T extends WebhookEventType> {
  accountId: string;
  type: T;
  data: WebhookEventData<T>;
  now: number;
}

/**
 * Records an event for the account's webhook endpoints, inside the transaction of the change it
 * reports (the outbox): one delivery row per subscribed endpoint and its `webhook.deliver` job,
 * so a change rolled back sends nothing and a change committed is never lost. Called like
 * `logActivity`, from any service's transaction; an account with no endpoints costs one read, or
 * none when the caller passes the endpoints it has (WebhookSubscriptions).
 */
export async function emitWebhook<T extends WebhookEventType>(
  trx: Kysely<Database>,
  event: WebhookEvent<T>,
  /** The account's enabled endpoints, when the caller has them (WebhookSubscriptions). */
  enabled?: readonly EndpointRow[],
): Promise<void> {
  const repo = new WebhooksRepository(trx);
  const endpoints = (enabled ?? (await repo.enabledEndpoints(event.accountId))).filter((e) =>
    (JSON.parse(e.events) as string[]).includes(event.type),
  );
  if (endpoints.length === 0) return;
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: new Date(event.now).toISOString(),
    accountId: event.accountId,
    data: event.data as Record<string, unknown>,
  };
  const body = JSON.stringify(payload);
  const eventId = newId(event.now);
  const rows = endpoints.map((endpoint) => ({
    // The Standard Webhooks `webhook-id`: fixed here, so every retry and replay carries it.
    id: `msg_${newId(event.now)}`,
    endpoint_id: endpoint.id,
    account_id: event.accountId,
    event_id: eventId,
    event_type: event.type,
    body,
    status: 'pending' as const,
    attempts: 0,
    replays: 0,
    response_code: null,
    last_error: null,
    failed_since: null,
    created_at: event.now,
    updated_at: event.now,
  }));
  await repo.insertDeliveries(rows);
  for (const row of rows) {
    await enqueueIn(
      trx,
      event.now,
      'webhook.deliver',
      { deliveryId: row.id },
      { idempotencyKey: `webhook:${row.id}`, maxAttempts: WEBHOOK_LIMITS.maxAttempts },
    );
  }
}
