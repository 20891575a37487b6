import { siteEndpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { OutboxRepository } from './outbox.repository';

/** The console drivers' outboxes, for developers: only registered while DEV_OUTBOX is on. */
export function outboxRoutes(app: TypedApp, outbox: OutboxRepository): void {
  route(app, siteEndpoints.outbox, async (request) => {
    const rows = await outbox.listNewest(request.query.kind, request.query.limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.to,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at,
      })),
    };
  });
}
