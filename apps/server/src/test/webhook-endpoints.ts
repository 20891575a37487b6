import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

/**
 * An enabled webhook endpoint written straight to its table (no address check, a stand-in sealed
 * secret), for tests that need one without going through the owner's registration.
 */
export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  endpoint: { accountId: string; url: string; events: readonly string[]; now: number; description?: string },
): Promise<string> {
  const id = newId(endpoint.now);
  await db
    .insertInto('webhook_endpoints')
    .values({
      id,
      account_id: endpoint.accountId,
      url: endpoint.url,
      description: endpoint.description ?? '',
      events: JSON.stringify(endpoint.events),
      enabled: 1,
      secret_sealed: 'v1.sealed',
      secret_hint: 'abcd',
      failing_since: null,
      disabled_reason: null,
      disabled_at: null,
      created_at: endpoint.now,
      updated_at: endpoint.now,
    })
    .execute();
  return id;
}
