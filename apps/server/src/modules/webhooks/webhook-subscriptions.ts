import type { Db } from '../../db/database';
import { deepFreeze } from '../../lib/serializer';
import { StampedCache } from '../../lib/stamped-cache';
import { type EndpointRow, WebhooksRepository } from './webhooks.repository';

/**
 * The enabled webhook endpoints of each account, kept until an endpoint changes, as of the stamps
 * the caller's request began with (lib/stamped-cache.ts): every student save reports to them,
 * and most accounts have none. Reading them inside the save's transaction instead would see an
 * endpoint added a moment later no more surely: the list is always as of some instant of the save.
 */
export class WebhookSubscriptions {
  private readonly kept: StampedCache<readonly EndpointRow[]>;

  constructor(private readonly db: Db) {
    this.kept = new StampedCache(db.stamps, ['webhook_endpoints']);
  }

  /** The account's enabled endpoints for emitWebhook (`caller`: the request's principal). */
  enabled(accountId: string, caller: object): Promise<readonly EndpointRow[]> {
    return this.kept.get(
      accountId,
      async () => deepFreeze(await new WebhooksRepository(this.db.kysely).enabledEndpoints(accountId)),
      caller,
    );
  }
}
