import { WEBHOOK_LIMITS } from '@batchwise/domain';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../events/event-bus';
import { enqueueIn, type JobTypes } from '../jobs/jobs.service';
import type { JobHandler } from '../jobs/worker';
import type { SecretBox } from '../online-pay/secret-box';
import { postWebhook } from './webhook-transport';
import { type DeliveryRow, type EndpointRow, WebhooksRepository } from './webhooks.repository';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  /** The settings page's delivery log refreshes as each attempt ends. */
  events: EventBus;
  box: SecretBox;
  allowLoopback: boolean;
  appUrl: string;
  timeoutMs?: number;
}

/**
 * Sends one delivery (a `webhook.deliver` job). A delivery already answered 2xx is not sent again
 * (its job run twice after a worker died). A failure throws, so the job queue retries it with
 * backoff; on its last attempt the delivery is failed and the endpoint maybe disabled
 * (WEBHOOK_LIMITS in contracts/webhooks.ts says when).
 */
export function webhookDeliveryHandler(deps: WebhookDeliveryDeps): Record<string, JobHandler> {
  return {
    [WEBHOOK_DELIVER_JOB]: async (payload, job) => {
      const { deliveryId } = payload as JobTypes['webhook.deliver'];
      const repo = new WebhooksRepository(deps.db.kysely);
      const delivery = await repo.deliveryById(deliveryId);
      if (!delivery || delivery.status === 'succeeded') return;
      const endpoint = await repo.endpointById(delivery.endpoint_id);
      if (!endpoint) return;
      if (!endpoint.enabled) {
        await repo.updateDelivery(delivery.id, {
          status: 'failed',
          last_error: 'The endpoint was turned off before this delivery was sent',
          updated_at: deps.clock.now(),
        });
        return;
      }
      const outcome = await attempt(deps, endpoint, delivery);
      const announce = () =>
        deps.events.publish({
          channel: `account:${endpoint.account_id}`,
          type: 'webhooks.delivered',
          stale: [{ resource: 'webhooks', params: { accountId: endpoint.account_id } }],
        });
      const now = deps.clock.now();
      const attempts = delivery.attempts + 1;
      if (outcome.ok) {
        await repo.updateDelivery(delivery.id, {
          status: 'succeeded',
          attempts,
          response_code: outcome.status,
          last_error: null,
          updated_at: now,
        });
        await repo.markAnswering(endpoint.id);
        await announce();
        return;
      }
      const last = job.attempts >= job.max_attempts;
      await deps.db.kysely.transaction().execute(async (trx) => {
        const r = new WebhooksRepository(trx);
        const failedSince = delivery.failed_since === null ? now : Number(delivery.failed_since);
        await r.updateDelivery(delivery.id, {
          status: last ? 'failed' : 'pending',
          attempts,
          response_code: outcome.status,
          last_error: outcome.error,
          failed_since: failedSince,
          updated_at: now,
        });
        await r.markFailing(endpoint.id, now);
        // Off only when no delivery was answered 2xx since this one first failed.
        if (last && (await r.disableIfFailingSince(endpoint.id, failedSince, now))) {
          await noticeOwner(trx, deps, endpoint, now);
        }
      });
      await announce();
      throw new Error(`Webhook ${delivery.id} to endpoint ${endpoint.id}: ${outcome.error}`);
    },
  };
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function attempt(
  deps: WebhookDeliveryDeps,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
): Promise<Outcome> {
  const secret = deps.box.open<string>(endpoint.secret_sealed, endpoint.account_id);
  if (!secret)
    return { ok: false, status: null, error: 'The signing secret could not be opened on this server' };
  const sentAt = new Date(deps.clock.now());
  const headers = {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(delivery.id, sentAt, delivery.body),
  };
  try {
    const { status } = await postWebhook(endpoint.url, headers, delivery.body, {
      timeoutMs: deps.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs,
      allowLoopback: deps.allowLoopback,
    });
    if (status >= 200 && status < 300) return { ok: true, status };
    return { ok: false, status, error: `The endpoint answered HTTP ${status}` };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The e-mail to the owner that an endpoint was turned off, through the mail job (the outbox). */
async function noticeOwner(
  trx: Parameters<typeof enqueueIn>[0],
  deps: WebhookDeliveryDeps,
  endpoint: EndpointRow,
  now: number,
): Promise<void> {
  const owner = await new WebhooksRepository(trx).owner(endpoint.account_id);
  if (!owner?.email) return;
  const settings = `${deps.appUrl}/settings?tab=institution`;
  await enqueueIn(
    trx,
    now,
    'mail.send',
    {
      to: owner.email,
      subject: 'Batchwise turned off a webhook endpoint that kept failing',
      text: [
        `Hello ${owner.name},`,
        '',
        `Your webhook endpoint ${endpoint.url} did not accept deliveries for a whole retry schedule ` +
          `(${WEBHOOK_LIMITS.maxAttempts} attempts), so Batchwise turned it off. No more events are sent to it.`,
        '',
        `When it is working again, turn it back on and replay the failed deliveries in Settings → Webhooks: ${settings}`,
        '',
        'ওয়েবহুক এন্ডপয়েন্টটি বারবার ব্যর্থ হওয়ায় Batchwise এটি বন্ধ করে দিয়েছে। ঠিক হলে সেটিংস → ওয়েবহুক থেকে আবার চালু করুন।',
      ].join('\n'),
    },
    { idempotencyKey: `webhook-disabled:${endpoint.id}:${now}`, maxAttempts: WEBHOOK_LIMITS.maxAttempts },
  );
}
