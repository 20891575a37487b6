import {
  addPlanMonths,
  type BillingSettings,
  type BillingView,
  graceEnd,
  type PlanAdjustment,
  type PlanId,
  type PlanLedgerView,
  type PurchaseReceipt,
  type PurchaseView,
  periodStart,
  planForSale,
  planQuote,
  STARTING_PLAN,
  smsPackQuote,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import type { PlansService } from '../plans/plans.service';
import { requireOwner, requirePlatformStaff } from './billing.policy';
import { BillingRepository, type Purchase } from './billing.repository';
import { type PlatformMerchant, platformGateways } from './billing-gateway.service';
import { readBillingSettings } from './billing-settings';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  plans: PlansService;
  merchant: PlatformMerchant;
}

const DAY_MS = 86_400_000;
const PURCHASES_SHOWN = 50;

function purchaseView(p: Purchase): PurchaseView {
  return {
    id: p.id,
    tranId: p.tran_id,
    kind: p.kind,
    planId: p.plan_id as PlanId | null,
    months: p.months,
    smsCount: p.sms_count,
    gateway: p.gateway,
    amountPaisa: Number(p.amount),
    discountPaisa: Number(p.discount),
    status: p.status,
    gatewayTransactionId: p.gateway_trx_id,
    planEndsAt: p.plan_ends_at === null ? null : Number(p.plan_ends_at),
    createdAt: Number(p.created_at),
    paidAt: p.paid_at === null ? null : Number(p.paid_at),
  };
}

const endOf = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The owner's billing page and receipts, and what staff do to an account's plan (grant, extend,
 * discount; each a row of the plan ledger) and to the billing settings. Paying is in
 * billing-gateway.service.ts.
 */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  async view(principal: Principal, accountId: string): Promise<BillingView> {
    requireOwner(await this.deps.access.requireAccount(principal, accountId));
    const repo = new BillingRepository(this.deps.db.kysely);
    const account = (await repo.account(accountId))!;
    const settings = await readBillingSettings(this.deps.db.kysely);
    const students = await repo.studentCount(accountId);
    const discount = account.plan_discount_percent;
    const plans = (await this.deps.plans.list()).filter(planForSale);
    const endsAt = endOf(account.plan_ends_at);
    return {
      planId: account.plan_id as PlanId,
      inForce: (await this.deps.plans.planOf(accountId)).id,
      endsAt,
      graceEndsAt: endsAt === null ? null : graceEnd(endsAt, settings.graceDays),
      discountPercent: discount,
      students,
      gateways: platformGateways(this.deps.merchant),
      settings,
      planQuotes: plans.flatMap((plan) =>
        settings.periods.map((months) => ({
          planId: plan.id,
          months,
          quote: planQuote(plan.pricePerStudentPaisa!, students, months, settings, discount),
        })),
      ),
      smsQuotes: settings.smsPacks.map((count) => ({
        count,
        quote: smsPackQuote(count, settings, discount),
      })),
      purchases: (await repo.purchasesOf(accountId, PURCHASES_SHOWN)).map(purchaseView),
    };
  }

  async receipt(principal: Principal, accountId: string, tranId: string): Promise<PurchaseReceipt> {
    requireOwner(await this.deps.access.requireAccount(principal, accountId));
    const repo = new BillingRepository(this.deps.db.kysely);
    const purchase = await repo.purchaseByTran(tranId);
    if (!purchase || purchase.account_id !== accountId) throw notFound();
    const account = (await repo.account(accountId))!;
    return { ...purchaseView(purchase), institution: account.institution, ownerName: account.owner_name };
  }

  // ── platform staff ──

  async settings(principal: Principal): Promise<BillingSettings> {
    requirePlatformStaff(principal);
    return readBillingSettings(this.deps.db.kysely);
  }

  async updateSettings(principal: Principal, input: BillingSettings): Promise<BillingSettings> {
    requirePlatformStaff(principal);
    const clean = {
      ...input,
      periods: [...new Set(input.periods)].sort((a, b) => a - b),
      smsPacks: [...new Set(input.smsPacks)].sort((a, b) => a - b),
    };
    await new BillingRepository(this.deps.db.kysely).saveSettings(
      JSON.stringify(clean),
      this.deps.clock.now(),
      principal.user.id,
    );
    await this.deps.events.publish({
      channel: 'public',
      type: 'billing.settings',
      stale: [{ resource: 'billing' }],
    });
    return clean;
  }

  async ledger(principal: Principal, accountId: string): Promise<PlanLedgerView> {
    requirePlatformStaff(principal);
    const repo = new BillingRepository(this.deps.db.kysely);
    const account = await repo.account(accountId);
    if (!account) throw notFound();
    const rows = await repo.ledger(accountId, 200);
    return {
      planId: account.plan_id as PlanId,
      endsAt: endOf(account.plan_ends_at),
      discountPercent: account.plan_discount_percent,
      entries: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        planId: r.plan_id as PlanId,
        endsBefore: endOf(r.ends_before),
        endsAfter: endOf(r.ends_after),
        discountPercent: r.discount_percent,
        actorName: r.actor_name,
        reason: r.reason,
        createdAt: Number(r.created_at),
      })),
    };
  }

  /**
   * Staff grant a plan for some months (renewing the same plan extends from its end), extend the
   * current plan by days, or set a discount off later purchases; each with its reason, in the
   * same transaction as its ledger row.
   */
  async adjust(principal: Principal, accountId: string, input: PlanAdjustment): Promise<PlanLedgerView> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new BillingRepository(trx);
      const account = await repo.account(accountId);
      if (!account) throw notFound();
      const before = endOf(account.plan_ends_at);
      const row = {
        id: newId(now),
        account_id: accountId,
        plan_id: account.plan_id,
        ends_before: before,
        ends_after: before,
        discount_percent: null as number | null,
        purchase_id: null,
        actor_user_id: principal.user.id,
        reason: input.reason,
        created_at: now,
      };
      if (input.kind === 'grant') {
        // The starting plan has no end: granting it ends the paid one now.
        const endsAt =
          input.planId === STARTING_PLAN
            ? null
            : addPlanMonths(
                periodStart(now, { planId: account.plan_id, endsAt: before }, input.planId),
                input.months,
              );
        await repo.setPlan(accountId, input.planId, endsAt);
        await repo.insertLedger({ ...row, kind: 'grant', plan_id: input.planId, ends_after: endsAt });
      } else if (input.kind === 'extend') {
        const endsAt = Math.max(before ?? now, now) + input.days * DAY_MS;
        await repo.setPlan(accountId, account.plan_id, endsAt);
        await repo.insertLedger({ ...row, kind: 'extend', ends_after: endsAt });
      } else {
        await repo.setDiscount(accountId, input.percent);
        await repo.insertLedger({ ...row, kind: 'discount', discount_percent: input.percent });
      }
      // The account's own log too, where its owner sees what staff changed and why.
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Staff Plan Change',
          message:
            input.kind === 'grant'
              ? { key: 'staffPlanGranted', params: { plan: input.planId, reason: input.reason } }
              : input.kind === 'extend'
                ? { key: 'staffPlanExtended', params: { count: input.days, reason: input.reason } }
                : { key: 'staffPlanDiscount', params: { count: input.percent, reason: input.reason } },
          subjectType: 'account',
          subjectId: accountId,
        },
        now,
      );
    });
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'billing.changed',
      stale: [{ resource: 'billing', params: { accountId } }, { resource: 'tools' }],
    });
    return this.ledger(principal, accountId);
  }
}
