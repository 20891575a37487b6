import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/database';
import { createPaymentGateways, type PaymentGateways } from './drivers/payments/gateways';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { EventBus } from './modules/events/event-bus';
import type { PaymentsService } from './modules/fees/payments.service';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/worker';
import { OnlinePayService } from './modules/online-pay/online-pay.service';
import { OnlinePayBalancesService } from './modules/online-pay/online-pay-balances';
import { OnlinePayGatewayService, RECONCILE_JOB } from './modules/online-pay/online-pay-gateway.service';
import { reconcileJobHandler } from './modules/online-pay/online-pay-reconcile';
import { OnlinePayRefunds } from './modules/online-pay/online-pay-refund';
import { SecretBox } from './modules/online-pay/secret-box';

/** Families paying an institution online, part of `Deps`. */
export interface OnlinePayServices {
  /** SSLCommerz and bKash clients (or their loopback stand-ins). */
  paymentGateways: PaymentGateways;
  onlinePay: OnlinePayService;
  onlinePayGateway: OnlinePayGatewayService;
  onlinePayRefunds: OnlinePayRefunds;
  onlinePayBalances: OnlinePayBalancesService;
}

/**
 * Online payment's part of the composition root (deps.ts): the gateways, pay links and their
 * sessions, refunds and balances, and the worker's handler that asks the gateway about attempts
 * left open past their window.
 */
export function createOnlinePayServices(base: {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  access: AccessPolicy;
  jobs: JobQueue;
  payments: PaymentsService;
}): { services: OnlinePayServices; handlers: () => Record<string, JobHandler> } {
  const { config, db, clock, log, events, access, jobs, payments } = base;
  const paymentGateways = createPaymentGateways(config, clock);
  const deps = {
    db,
    clock,
    access,
    events,
    gateways: paymentGateways,
    box: new SecretBox(config.payments.secretsKey),
    appUrl: config.appUrl,
  };
  const onlinePayGateway = new OnlinePayGatewayService({ ...deps, log, jobs });
  return {
    services: {
      paymentGateways,
      onlinePay: new OnlinePayService(deps),
      onlinePayGateway,
      onlinePayRefunds: new OnlinePayRefunds({ ...deps, payments }),
      onlinePayBalances: new OnlinePayBalancesService({ db }),
    },
    handlers: () => ({
      [RECONCILE_JOB]: reconcileJobHandler({ db, clock, events, gateway: onlinePayGateway }),
    }),
  };
}
