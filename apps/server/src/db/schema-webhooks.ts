// Webhooks for integrators (migration 0050), apart from schema.ts so it stays short.

/** An HTTPS endpoint an account's owner registered, with the events it wants. */
export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  /** JSON array of event types (contracts/webhooks.ts WEBHOOK_EVENTS). */
  events: string;
  /** 1 on, 0 off (by the owner, or by the server after repeated failure: see disabled_reason). */
  enabled: number;
  /** The `whsec_…` secret, sealed like merchant credentials (online-pay/secret-box.ts). */
  secret_sealed: string;
  /** The secret's last characters, shown to tell secrets apart. */
  secret_hint: string;
  /** The first failed attempt since the last 2xx answer; null while the endpoint answers. */
  failing_since: number | null;
  disabled_reason: 'failing' | null;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One event for one endpoint: its id is the `webhook-id`, the same on every retry and replay. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body exactly as sent, so retries and replays send the same bytes. */
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  /** How many times the owner asked to send it again. */
  replays: number;
  response_code: number | null;
  last_error: string | null;
  /** This round's first failed attempt (a replay starts a new round); null until one fails. */
  failed_since: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
