import { addPlanMonths, periodStart } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { OnlinePaymentStatusColumn } from '../../db/schema-online-pay';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import type { Verdict } from '../online-pay/settle';
import { creditSms, publishQuota } from '../sms/sms-quota';
import { BillingRepository, type Purchase } from './billing.repository';

// How a purchase from the platform ends. Each ending is one guarded transition; `paid` applies
// its effect (the plan's new end date, or the SMS pack's credit) in the same transaction, so it
// happens once however many times the IPN, the browser's return and replays report it.

/** Called once after a purchase settles paid (the referral reward hangs here). */
export type AfterPlatformPayment = (accountId: string) => Promise<void>;

export interface BillingSettleDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  afterPlatformPayment: readonly AfterPlatformPayment[];
}

const OPEN: OnlinePaymentStatusColumn[] = ['created', 'redirected'];
/** The gateway's confirmation counts even after we gave up on it: the money was taken. Never twice. */
const PAYABLE: OnlinePaymentStatusColumn[] = ['created', 'redirected', 'failed', 'cancelled', 'expired'];

export async function settlePurchase(
  deps: BillingSettleDeps,
  purchase: Purchase,
  verdict: Verdict,
): Promise<boolean> {
  const now = deps.clock.now();
  const changed = await deps.db.kysely.transaction().execute(async (trx) => {
    const repo = new BillingRepository(trx);
    switch (verdict.kind) {
      case 'paid': {
        const moved = await repo.transition(purchase.id, PAYABLE, {
          status: 'paid',
          gateway_trx_id: verdict.gatewayTrxId || null,
          paid_at: now,
          updated_at: now,
        });
        if (!moved) return false;
        if (purchase.kind === 'plan') {
          const account = (await repo.account(purchase.account_id))!;
          const current = {
            planId: account.plan_id,
            endsAt: account.plan_ends_at === null ? null : Number(account.plan_ends_at),
          };
          const endsAt = addPlanMonths(periodStart(now, current, purchase.plan_id!), purchase.months!);
          await repo.setPlan(purchase.account_id, purchase.plan_id!, endsAt);
          await repo.transition(purchase.id, ['paid'], { plan_ends_at: endsAt });
          await repo.insertLedger({
            id: newId(now),
            account_id: purchase.account_id,
            kind: 'purchase',
            plan_id: purchase.plan_id!,
            ends_before: current.endsAt,
            ends_after: endsAt,
            discount_percent: null,
            purchase_id: purchase.id,
            actor_user_id: purchase.user_id,
            reason: `Paid ${purchase.months} month(s) online (${purchase.gateway} ${purchase.tran_id})`,
            created_at: now,
          });
        } else {
          await creditSms(trx, purchase.account_id, purchase.sms_count!, {
            reason: 'purchase',
            actorUserId: purchase.user_id,
            note: `Paid online (${purchase.gateway} ${purchase.tran_id})`,
            now,
          });
        }
        return true;
      }
      case 'review':
        return repo.transition(purchase.id, PAYABLE, {
          status: 'needs_review',
          gateway_trx_id: verdict.gatewayTrxId || null,
          note: verdict.note,
          updated_at: now,
        });
      case 'failed':
      case 'cancelled':
      case 'expired':
        return repo.transition(purchase.id, OPEN, {
          status: verdict.kind,
          note: verdict.note,
          updated_at: now,
        });
    }
  });
  if (changed && verdict.kind === 'paid') {
    await deps.events.publish({
      channel: `account:${purchase.account_id}`,
      type: 'billing.paid',
      stale: [{ resource: 'billing', params: { accountId: purchase.account_id } }, { resource: 'tools' }],
    });
    if (purchase.kind === 'sms') await publishQuota(deps.events, purchase.account_id);
    for (const hook of deps.afterPlatformPayment) {
      // A hook's failure must not undo or repeat the payment: it is logged, the rest still run.
      await hook(purchase.account_id).catch((err: Error) =>
        deps.log.error(
          { err, accountId: purchase.account_id, tranId: purchase.tran_id },
          'after-payment hook failed',
        ),
      );
    }
  }
  return changed;
}
