import { webhookEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { WebhooksService } from './webhooks.service';

/** Webhook endpoints and their delivery logs; who may call is in the contracts and webhooks.policy.ts. */
export function webhookRoutes(app: TypedApp, services: { webhooks: WebhooksService }): void {
  const { webhooks } = services;
  route(app, endpoints.list, (r) => webhooks.list(r.principal!, r.params.accountId));
  route(app, endpoints.create, (r) => webhooks.create(r.principal!, r.params.accountId, r.body));
  route(app, endpoints.update, (r) =>
    webhooks.update(r.principal!, r.params.accountId, r.params.endpointId, r.body),
  );
  route(app, endpoints.remove, (r) => webhooks.remove(r.principal!, r.params.accountId, r.params.endpointId));
  route(app, endpoints.rotateSecret, (r) =>
    webhooks.rotateSecret(r.principal!, r.params.accountId, r.params.endpointId),
  );
  route(app, endpoints.deliveries, (r) =>
    webhooks.deliveries(r.principal!, r.params.accountId, r.params.endpointId),
  );
  route(app, endpoints.replay, (r) =>
    webhooks.replay(r.principal!, r.params.accountId, r.params.endpointId, r.params.deliveryId),
  );
}
