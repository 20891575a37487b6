import type { ToolKey } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { PaymentGateways } from './drivers/payments/gateways';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { assessmentRecovery } from './modules/assessments/assessments-recovery';
import { BillingService } from './modules/billing/billing.service';
import {
  BILLING_RECONCILE_JOB,
  BillingGatewayService,
  type PlatformMerchant,
} from './modules/billing/billing-gateway.service';
import { billingReminderHandlers } from './modules/billing/billing-reminders';
import { readBillingSettings } from './modules/billing/billing-settings';
import type { EventBus } from './modules/events/event-bus';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/worker';
import { PlansService } from './modules/plans/plans.service';
import { RecycleBinService } from './modules/recycle-bin/recycle-bin.service';
import { RECYCLE_BIN_PURGE_JOB, recycleBinPurgeHandler } from './modules/recycle-bin/recycle-bin-purge';
import { ReferralsService } from './modules/referrals/referrals.service';
import { studentRecovery } from './modules/students/student-recovery';
import { ToolsService } from './modules/tools/tools.service';

/** What an account buys and keeps on the platform, part of `Deps`. */
export interface PlatformServices {
  /** The plan table and what an account's plan allows: plans, limits and features (spec part 1 pricing). */
  plans: PlansService;
  /** The tools catalogue: installs, trials, expiry, pins and the add-ons' route gate. */
  tools: ToolsService;
  /** Deleted items kept for the plan's recovery days, and their restore. */
  recycleBin: RecycleBinService;
  /** Referral codes, sign-ups through them and the reward after a referred first payment. */
  referrals: ReferralsService;
  /** Paying the platform for plans and SMS packs: the owner's side and staff grants. */
  billing: BillingService;
  /** The platform's own gateway sessions, reports and reconciliation. */
  billingGateway: BillingGatewayService;
}

/**
 * The platform's part of the composition root (deps.ts): plans, tools, the Recycle bin, referrals
 * and billing, and the worker's handlers for renewal reminders, reconciling open purchases and
 * purging the bin.
 */
export function createPlatformServices(base: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  access: AccessPolicy;
  jobs: JobQueue;
  gateways: PaymentGateways;
  merchant: PlatformMerchant;
  appUrl: string;
  /** Tools this installation does not offer (the AI tools without a configured model). */
  hiddenTools: readonly ToolKey[];
}): { services: PlatformServices; handlers: () => Record<string, JobHandler> } {
  const { db, clock, log, events, access, jobs, appUrl } = base;
  const plans = new PlansService({
    db,
    clock,
    events,
    graceDays: async () => (await readBillingSettings(db.kysely)).graceDays,
  });
  const recycleBin = new RecycleBinService({
    db,
    clock,
    access,
    events,
    plans,
    kinds: { assessment: assessmentRecovery(events), student: studentRecovery(events) },
  });
  const referrals = new ReferralsService({ db, clock, access, events, plans, appUrl });
  const billingDeps = {
    db,
    clock,
    log,
    events,
    access,
    plans,
    gateways: base.gateways,
    merchant: base.merchant,
    appUrl,
  };
  const billingGateway = new BillingGatewayService({
    ...billingDeps,
    jobs,
    // A referred account's first payment rewards whoever referred it, once (plan table's reward).
    afterPlatformPayment: [(accountId) => referrals.rewardFirstPayment(accountId)],
  });
  return {
    services: {
      plans,
      tools: new ToolsService({ db, clock, access, events, plans, hidden: base.hiddenTools }),
      recycleBin,
      referrals,
      billing: new BillingService(billingDeps),
      billingGateway,
    },
    handlers: () => ({
      ...billingReminderHandlers({ db, clock, jobs, appUrl, log }),
      [BILLING_RECONCILE_JOB]: async (payload) => {
        const { tranId } = payload as { tranId?: string };
        if (tranId) await billingGateway.reconcile(tranId);
      },
      [RECYCLE_BIN_PURGE_JOB]: recycleBinPurgeHandler({ jobs, clock, bin: recycleBin, log }),
    }),
  };
}
