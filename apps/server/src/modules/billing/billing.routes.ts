import { billingEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { IPN_ROUTE_CONFIG, sslcommerzFormScope } from '../online-pay/sslcommerz-form-scope';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { BillingService } from './billing.service';
import type { BillingGatewayService } from './billing-gateway.service';

/** Starting a purchase opens a gateway session: fewer. */
const startLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** SSLCommerz posts forms of a few dozen short fields. */

/** Paying the platform; who may call is in the contracts and billing.policy.ts. */
export function billingRoutes(
  app: TypedApp,
  services: { billing: BillingService; billingGateway: BillingGatewayService },
): void {
  const { billing, billingGateway: gateway } = services;
  route(app, endpoints.billing, (r) => billing.view(r.principal!, r.params.accountId));
  route(app, endpoints.startPurchase, (r) => gateway.start(r.principal!, r.params.accountId, r.body), {
    config: startLimit,
  });
  route(app, endpoints.receipt, (r) => billing.receipt(r.principal!, r.params.accountId, r.params.tranId));
  route(app, endpoints.settings, (r) => billing.settings(r.principal!));
  route(app, endpoints.updateSettings, (r) => billing.updateSettings(r.principal!, r.body));
  route(app, endpoints.planLedger, (r) => billing.ledger(r.principal!, r.params.accountId));
  route(app, endpoints.adjust, (r) => billing.adjust(r.principal!, r.params.accountId, r.body));
  route(
    app,
    endpoints.bkashCallback,
    async (r, reply) =>
      reply.header('cache-control', 'no-store').redirect(await gateway.bkashCallback(r.query), 302),
    { config: publicLinkLimit },
  );
  // SSLCommerz's reports, each checked against the gateway instead of a CSRF header.
  sslcommerzFormScope(app, (scope) => {
    route(scope, endpoints.sslcommerzIpn, (r) => gateway.sslcommerzIpn(r.body), {
      config: IPN_ROUTE_CONFIG,
    });
    route(
      scope,
      endpoints.sslcommerzReturn,
      async (r, reply) =>
        reply
          .header('cache-control', 'no-store')
          .redirect(await gateway.sslcommerzReturn(r.params.outcome, r.body), 303),
      { config: { ...publicLinkLimit, csrf: false } },
    );
  });
}
