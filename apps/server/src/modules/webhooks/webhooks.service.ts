import crypto from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEndpointInput,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookEndpointInputSchema,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { enqueueIn } from '../jobs/jobs.service';
import type { SecretBox } from '../online-pay/secret-box';
import { checkWebhookUrl } from './address-guard';
import { WEBHOOK_DELIVER_JOB } from './webhook-delivery';
import { requireWebhookOwner } from './webhooks.policy';
import { type DeliveryRow, type EndpointRow, WebhooksRepository } from './webhooks.repository';

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** Seals the signing secrets, with the key that seals merchant credentials. */
  box: SecretBox;
  /** Loopback http endpoints allowed (development and tests: config.webhooks). */
  allowLoopback: boolean;
}

/** A Standard Webhooks secret: 32 random bytes, base64, with the `whsec_` prefix. */
function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

function endpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    secretHint: row.secret_hint,
    createdAt: Number(row.created_at),
  };
}

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventType: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** An account's webhook endpoints, their secrets and delivery logs (owner only: webhooks.policy.ts). */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  async list(principal: Principal, accountId: string): Promise<WebhookEndpointList> {
    await this.requireOwner(principal, accountId);
    const rows = await new WebhooksRepository(this.deps.db.kysely).listEndpoints(accountId);
    return { endpoints: rows.map(endpointView), events: [...WEBHOOK_EVENTS] };
  }

  async create(
    principal: Principal,
    accountId: string,
    input: WebhookEndpointInput,
  ): Promise<WebhookEndpointWithSecret> {
    await this.requireOwner(principal, accountId);
    const fields = webhookEndpointInputSchema.parse(input);
    await this.requireReachable(fields.url);
    const now = this.deps.clock.now();
    const id = newId(now);
    const secret = newSecret();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new WebhooksRepository(trx);
      if ((await repo.listEndpoints(accountId)).length >= WEBHOOK_LIMITS.endpointsPerAccount)
        throw failure(409, 'WEBHOOK_ENDPOINTS_TOO_MANY', { limit: WEBHOOK_LIMITS.endpointsPerAccount });
      await repo.insertEndpoint({
        id,
        account_id: accountId,
        url: fields.url,
        description: fields.description,
        events: JSON.stringify(fields.events),
        enabled: fields.enabled ? 1 : 0,
        secret_sealed: this.deps.box.seal(secret, accountId),
        secret_hint: secret.slice(-4),
        failing_since: null,
        disabled_reason: null,
        disabled_at: null,
        created_at: now,
        updated_at: now,
      });
      await logActivity(
        trx,
        principal,
        { accountId, eventName: 'Webhook Added', summary: `Added webhook endpoint ${fields.url}` },
        now,
      );
    });
    await this.changed(accountId);
    return { endpoint: await this.endpoint(accountId, id), secret };
  }

  async update(
    principal: Principal,
    accountId: string,
    endpointId: string,
    input: WebhookEndpointInput,
  ): Promise<WebhookEndpointView> {
    await this.requireOwner(principal, accountId);
    const fields = webhookEndpointInputSchema.parse(input);
    const current = await this.endpoint(accountId, endpointId);
    if (fields.url !== current.url) await this.requireReachable(fields.url);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      // Turning an endpoint on again forgets its failures: the owner says it works now.
      const reopened = fields.enabled && !current.enabled;
      await new WebhooksRepository(trx).updateEndpoint(endpointId, {
        url: fields.url,
        description: fields.description,
        events: JSON.stringify(fields.events),
        enabled: fields.enabled ? 1 : 0,
        ...(reopened || !fields.enabled ? { disabled_reason: null, disabled_at: null } : {}),
        ...(reopened ? { failing_since: null } : {}),
        updated_at: now,
      });
      await logActivity(
        trx,
        principal,
        { accountId, eventName: 'Webhook Changed', summary: `Changed webhook endpoint ${fields.url}` },
        now,
      );
    });
    await this.changed(accountId);
    return this.endpoint(accountId, endpointId);
  }

  async remove(principal: Principal, accountId: string, endpointId: string): Promise<{ ok: true }> {
    await this.requireOwner(principal, accountId);
    const current = await this.endpoint(accountId, endpointId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new WebhooksRepository(trx).deleteEndpoint(endpointId);
      await logActivity(
        trx,
        principal,
        { accountId, eventName: 'Webhook Deleted', summary: `Deleted webhook endpoint ${current.url}` },
        now,
      );
    });
    await this.changed(accountId);
    return { ok: true };
  }

  /** A new secret replaces the old at once (the receiver must be given it); shown this once. */
  async rotateSecret(
    principal: Principal,
    accountId: string,
    endpointId: string,
  ): Promise<WebhookEndpointWithSecret> {
    await this.requireOwner(principal, accountId);
    const current = await this.endpoint(accountId, endpointId);
    const now = this.deps.clock.now();
    const secret = newSecret();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new WebhooksRepository(trx).updateEndpoint(endpointId, {
        secret_sealed: this.deps.box.seal(secret, accountId),
        secret_hint: secret.slice(-4),
        updated_at: now,
      });
      await logActivity(
        trx,
        principal,
        { accountId, eventName: 'Webhook Secret Rotated', summary: `Rotated the secret of ${current.url}` },
        now,
      );
    });
    await this.changed(accountId);
    return { endpoint: await this.endpoint(accountId, endpointId), secret };
  }

  async deliveries(
    principal: Principal,
    accountId: string,
    endpointId: string,
  ): Promise<WebhookDeliveryList> {
    await this.requireOwner(principal, accountId);
    await this.endpoint(accountId, endpointId);
    const rows = await new WebhooksRepository(this.deps.db.kysely).listDeliveries(
      endpointId,
      WEBHOOK_LIMITS.deliveriesShown,
    );
    return { deliveries: rows.map(deliveryView) };
  }

  /**
   * Sends a delivery again: the same webhook-id and body (the receiver may already have it and
   * dedupes by the id), newly signed, with a fresh round of attempts.
   */
  async replay(
    principal: Principal,
    accountId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDeliveryView> {
    await this.requireOwner(principal, accountId);
    const endpoint = await this.endpoint(accountId, endpointId);
    if (!endpoint.enabled) throw failure(409, 'WEBHOOK_ENDPOINT_DISABLED');
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new WebhooksRepository(trx);
      const delivery = await repo.findDelivery(endpointId, deliveryId);
      if (!delivery) throw notFound();
      if (delivery.status === 'pending') throw failure(409, 'WEBHOOK_DELIVERY_PENDING');
      const round = delivery.replays + 1;
      await repo.updateDelivery(deliveryId, {
        status: 'pending',
        replays: round,
        failed_since: null,
        updated_at: now,
      });
      await enqueueIn(
        trx,
        now,
        WEBHOOK_DELIVER_JOB,
        { deliveryId },
        { idempotencyKey: `webhook:${deliveryId}:replay:${round}`, maxAttempts: WEBHOOK_LIMITS.maxAttempts },
      );
    });
    await this.changed(accountId);
    const row = await new WebhooksRepository(this.deps.db.kysely).findDelivery(endpointId, deliveryId);
    return deliveryView(row!);
  }

  private async endpoint(accountId: string, endpointId: string): Promise<WebhookEndpointView> {
    const row = await new WebhooksRepository(this.deps.db.kysely).findEndpoint(accountId, endpointId);
    if (!row) throw notFound();
    return endpointView(row);
  }

  private async requireReachable(url: string): Promise<void> {
    const verdict = await checkWebhookUrl(url, this.deps.allowLoopback);
    if (verdict === 'not-https') throw failure(400, 'WEBHOOK_URL_NOT_HTTPS');
    if (verdict === 'private') throw failure(400, 'WEBHOOK_URL_PRIVATE');
    if (verdict === 'unresolved') throw failure(400, 'WEBHOOK_URL_UNRESOLVED');
  }

  private async requireOwner(principal: Principal, accountId: string): Promise<void> {
    requireWebhookOwner(await this.deps.access.requireAccount(principal, accountId));
  }

  private async changed(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'webhooks.changed',
      stale: [{ resource: 'webhooks', params: { accountId } }],
    });
  }
}
