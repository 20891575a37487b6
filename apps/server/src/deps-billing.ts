import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { PaymentGateways } from './drivers/payments/gateways';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { BillingService } from './modules/billing/billing.service';
import { BillingGatewayService, type PlatformMerchant } from './modules/billing/billing-gateway.service';
import type { AfterPlatformPayment } from './modules/billing/billing-settle';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { PlansService } from './modules/plans/plans.service';

/** Paying the platform (plans and SMS packs), part of `Deps`. */
export interface BillingServices {
  billing: BillingService;
  billingGateway: BillingGatewayService;
}

/**
 * Billing's part of the composition root (deps.ts). `afterPlatformPayment` runs once after each
 * purchase settles paid (the referral reward is wired in here); empty by default.
 */
export function createBillingServices(base: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  access: AccessPolicy;
  plans: PlansService;
  gateways: PaymentGateways;
  merchant: PlatformMerchant;
  appUrl: string;
  jobs: JobQueue;
  afterPlatformPayment?: AfterPlatformPayment[];
}): BillingServices {
  const { afterPlatformPayment = [], jobs, ...rest } = base;
  return {
    billing: new BillingService(rest),
    billingGateway: new BillingGatewayService({ ...rest, jobs, afterPlatformPayment }),
  };
}
