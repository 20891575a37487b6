import { onlinePayEndpoints as endpoints } from '@batchwise/domain';
import { z } from 'zod';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { OnlinePayService } from './online-pay.service';
import type { OnlinePayBalancesService } from './online-pay-balances';
import type { OnlinePayGatewayService } from './online-pay-gateway.service';
import type { OnlinePayRefunds } from './online-pay-refund';
import { IPN_ROUTE_CONFIG, sslcommerzFormScope } from './sslcommerz-form-scope';

/** Starting a payment opens a gateway session: fewer. */
const startLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Online payment; who may call is in the contracts and online-pay.service.ts. */
export function onlinePayRoutes(
  app: TypedApp,
  services: {
    onlinePay: OnlinePayService;
    onlinePayGateway: OnlinePayGatewayService;
    onlinePayRefunds: OnlinePayRefunds;
    onlinePayBalances: OnlinePayBalancesService;
  },
): void {
  const { onlinePay, onlinePayGateway: gateway, onlinePayRefunds: refunds } = services;
  route(app, endpoints.onlinePayBalances, (r) => services.onlinePayBalances.balances(r.query));
  route(app, endpoints.payLink, (r) =>
    onlinePay.payLink(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.regeneratePayLink, (r) =>
    onlinePay.regeneratePayLink(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.revokePayLink, (r) =>
    onlinePay.revokePayLink(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.merchantSettings, (r) => onlinePay.merchantSettings(r.principal!, r.params.accountId));
  route(app, endpoints.updateMerchantSettings, (r) =>
    onlinePay.updateMerchantSettings(r.principal!, r.params.accountId, r.body),
  );
  route(app, endpoints.onlinePayments, (r) => onlinePay.list(r.principal!, r.params.accountId, r.query));
  route(app, endpoints.reviewOnlinePayment, (r) =>
    onlinePay.review(r.principal!, r.params.accountId, r.params.onlinePaymentId, r.body),
  );
  route(app, endpoints.refundOnlinePayment, (r) =>
    refunds.refund(r.principal!, r.params.accountId, r.params.onlinePaymentId, r.body),
  );
  route(app, endpoints.publicPay, (r) => onlinePay.portal(r.query.key, r.query.suid), {
    config: publicLinkLimit,
  });
  route(app, endpoints.payAttempt, (r) => onlinePay.attemptPage(r.params.tranId), {
    config: publicLinkLimit,
  });
  route(app, endpoints.startPay, (r) => gateway.start(r.body), { config: startLimit });
  route(
    app,
    endpoints.bkashCallback,
    async (r, reply) =>
      reply.header('cache-control', 'no-store').redirect(await gateway.bkashCallback(r.query), 302),
    { config: publicLinkLimit },
  );

  // The pay link in an SMS (`/p/{key}`): a redirect for browsers, not an API endpoint, as /r/:code.
  app.get(
    '/p/:key',
    {
      config: { access: 'public', ...publicLinkLimit },
      schema: { hide: true, params: z.object({ key: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const target = await onlinePay.shortLinkTarget(request.params.key);
      // An unknown or revoked key lands on the portal without a key: its invalid-link page.
      return reply.header('cache-control', 'no-store').redirect(target ?? '/s-pay', 302);
    },
  );

  // SSLCommerz's reports, each checked against the gateway (online-pay-gateway.service.ts).
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
