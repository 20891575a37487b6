import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema-webhooks';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Webhook endpoints and deliveries: the only SQL of modules/webhooks. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listEndpoints(accountId: string): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The account's switched-on endpoints (few per account: WEBHOOK_LIMITS.endpointsPerAccount). */
  enabledEndpoints(accountId: string): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .execute();
  }

  findEndpoint(accountId: string, id: string): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  endpointById(id: string): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertEndpoint(row: Insertable<WebhookEndpointsTable>): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(id: string, patch: Updateable<WebhookEndpointsTable>): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set(patch).where('id', '=', id).execute();
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  }

  /** Notes a failed attempt: the endpoint is failing since now, unless it already was. */
  async markFailing(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: now })
      .where('id', '=', id)
      .where('failing_since', 'is', null)
      .execute();
  }

  async markAnswering(id: string): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', id)
      .where('failing_since', 'is not', null)
      .execute();
  }

  /**
   * Turns an endpoint off when it has been failing since `since` or earlier (no 2xx since then);
   * true only for the call that turned it off, so the owner is e-mailed once.
   */
  async disableIfFailingSince(id: string, since: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'failing', disabled_at: now, updated_at: now })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where('failing_since', '<=', since)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertDeliveries(rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto('webhook_deliveries').values(rows).execute();
  }

  deliveryById(id: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findDelivery(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  listDeliveries(endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async updateDelivery(id: string, patch: Updateable<WebhookDeliveriesTable>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).execute();
  }

  /** The owner's e-mail address and name, for the notice that an endpoint was turned off. */
  owner(accountId: string): Promise<{ email: string | null; name: string } | undefined> {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['users.email', 'users.name'])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
  }
}
