import crypto from 'node:crypto';
import {
  ONLINE_PAY,
  type PaymentFailReason,
  type PaymentGateway,
  type PurchaseStart,
  planForSale,
  planQuote,
  smsPackQuote,
} from '@batchwise/domain';
import type { BkashCredentials } from '../../drivers/payments/bkash';
import type { PaymentGateways } from '../../drivers/payments/gateways';
import type { SslCommerzCredentials } from '../../drivers/payments/sslcommerz';
import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { JobQueue } from '../jobs/jobs.service';
import {
  bkashAnswer,
  bkashIfOpen,
  bkashStatus,
  bkashVerdict,
  checkSslReport,
  expectedOf,
  sslQueryVerdict,
} from '../online-pay/gateway-checks';
import { openGatewaySession, requirePayableAmount } from '../online-pay/gateway-session';
import { alertOnPayment, type Verdict } from '../online-pay/settle';
import type { PlansService } from '../plans/plans.service';
import { requireOwner } from './billing.policy';
import { BillingRepository, type Purchase } from './billing.repository';
import { readBillingSettings } from './billing-settings';
import { type BillingSettleDeps, settlePurchase } from './billing-settle';

// Paying the platform (plans/billing.ts): the platform is the merchant, with its own credentials
// (config PLATFORM_*), the same gateway clients and stand-ins as institutions' payments, and the
// same IPN rules (online-pay/gateway-checks.ts). Amounts are computed here, never taken from the
// browser.

export interface PlatformMerchant {
  sslcommerz?: SslCommerzCredentials;
  bkash?: BkashCredentials;
}

export interface BillingGatewayDeps extends BillingSettleDeps {
  access: AccessPolicy;
  plans: PlansService;
  gateways: PaymentGateways;
  merchant: PlatformMerchant;
  appUrl: string;
  jobs: JobQueue;
}

/** The job that asks the gateway about a purchase left open past its window. */
export const BILLING_RECONCILE_JOB = 'billing.reconcile';
/** A minute after the window: the gateway's own last report usually lands in it. */
const RECONCILE_DELAY_MS = 60_000;

const RECEIPT = '/lms-sub-paid-receipt';
/** The renewal page: it leads the owner to their billing page, with what the gateway said. */
const BILLING = '/lms-resub';

const newTranId = () => `BWP${crypto.randomBytes(12).toString('hex').toUpperCase()}`;

export const platformGateways = (merchant: PlatformMerchant): PaymentGateway[] =>
  (['sslcommerz', 'bkash'] as const).filter((g) => merchant[g] !== undefined);

export class BillingGatewayService {
  constructor(private readonly deps: BillingGatewayDeps) {}

  /** The owner starts paying for a plan or an SMS pack: the amount from the plan table and settings. */
  async start(principal: Principal, accountId: string, input: PurchaseStart) {
    requireOwner(await this.deps.access.requireAccount(principal, accountId));
    const repo = new BillingRepository(this.deps.db.kysely);
    const creds = this.deps.merchant[input.gateway];
    if (!creds) throw failure(409, 'PAY_GATEWAY_UNAVAILABLE');
    const settings = await readBillingSettings(this.deps.db.kysely);
    const account = (await repo.account(accountId))!;
    const discount = account.plan_discount_percent;
    let quote: ReturnType<typeof smsPackQuote>;
    if (input.kind === 'plan') {
      const plan = (await this.deps.plans.list()).find((p) => p.id === input.planId);
      if (!plan || !planForSale(plan)) throw failure(409, 'BILLING_PLAN_NOT_FOR_SALE');
      if (!settings.periods.includes(input.months)) throw failure(400, 'BILLING_PERIOD_INVALID');
      const students = await repo.studentCount(accountId);
      quote = planQuote(plan.pricePerStudentPaisa!, students, input.months, settings, discount);
    } else {
      if (!settings.smsPacks.includes(input.count)) throw failure(400, 'BILLING_PACK_INVALID');
      quote = smsPackQuote(input.count, settings, discount);
    }
    const amount = quote.amountPaisa;
    requirePayableAmount(amount);

    const now = this.deps.clock.now();
    const purchase: Purchase = {
      id: newId(now),
      account_id: accountId,
      user_id: principal.user.id,
      kind: input.kind,
      plan_id: input.kind === 'plan' ? input.planId : null,
      months: input.kind === 'plan' ? input.months : null,
      sms_count: input.kind === 'sms' ? input.count : null,
      gateway: input.gateway,
      mode: creds.live ? 'live' : 'sandbox',
      tran_id: newTranId(),
      gateway_payment_id: null,
      gateway_trx_id: null,
      amount,
      discount: quote.discountPaisa,
      currency: 'BDT',
      status: 'created',
      note: '',
      execute_claimed_at: null,
      plan_ends_at: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    };
    await repo.insertPurchase(purchase);
    // An owner who never comes back: the gateway is asked once the window has passed.
    await this.deps.jobs.enqueue(
      BILLING_RECONCILE_JOB,
      { tranId: purchase.tran_id },
      {
        runAt: now + ONLINE_PAY.windowMs + RECONCILE_DELAY_MS,
        idempotencyKey: `${BILLING_RECONCILE_JOB}:${purchase.tran_id}`,
      },
    );
    const { redirectUrl, gatewayPaymentId, problem } = await openGatewaySession(
      this.deps.gateways,
      input.gateway === 'sslcommerz'
        ? { gateway: 'sslcommerz', credentials: creds as SslCommerzCredentials }
        : { gateway: 'bkash', credentials: creds as BkashCredentials },
      {
        api: `${this.deps.appUrl}/api/public/platform-pay`,
        tranId: purchase.tran_id,
        amountPaisa: amount,
        customerName: account.owner_name,
        customerPhone: account.owner_phone ?? '',
        productName:
          input.kind === 'plan'
            ? `Batchwise ${input.planId} plan, ${input.months} month(s)`
            : `${input.count} SMS`,
        reference: purchase.id,
        payerReference: accountId,
      },
    );
    if (!redirectUrl || !gatewayPaymentId) {
      await settlePurchase(this.deps, purchase, {
        kind: 'failed',
        reason: 'UNATTEMPTED',
        note: `Gateway refused: ${problem}`.slice(0, 500),
      });
      this.deps.log.warn({ tranId: purchase.tran_id, problem }, 'payment gateway refused a platform session');
      throw failure(502, 'PAY_GATEWAY_FAILED');
    }
    await repo.transition(purchase.id, ['created'], {
      status: 'redirected',
      gateway_payment_id: gatewayPaymentId,
      updated_at: this.deps.clock.now(),
    });
    return { tranId: purchase.tran_id, redirectUrl, amountPaisa: amount };
  }

  // ── SSLCommerz ──

  async sslcommerzIpn(form: Record<string, string>): Promise<{ ok: boolean }> {
    return { ok: (await this.sslcommerzReport(form, 'ipn')).ok };
  }

  async sslcommerzReturn(outcome: 'success' | 'fail' | 'cancel', form: Record<string, string>) {
    const { purchase } = await this.sslcommerzReport(form, outcome);
    if (!purchase) return `${BILLING}?failed=IPN_VALIDATION_FAILED`;
    return this.resultPath(
      purchase,
      outcome === 'success' ? null : outcome === 'cancel' ? 'CANCELLED' : 'DECLINED',
    );
  }

  private async sslcommerzReport(
    form: Record<string, string>,
    via: string,
  ): Promise<{ ok: boolean; purchase?: Purchase }> {
    const repo = new BillingRepository(this.deps.db.kysely);
    const tranId = String(form.tran_id ?? '').slice(0, 64);
    const purchase = tranId ? await repo.purchaseByTran(tranId) : undefined;
    const creds = this.deps.merchant.sslcommerz;
    if (purchase?.gateway !== 'sslcommerz' || !creds) {
      await this.alert(
        null,
        tranId || '(none)',
        `SSLCommerz ${via} for a platform purchase that is not ours`,
      );
      return { ok: false };
    }
    // Already settled: a replay changes nothing and the gateway is not asked again.
    if (purchase.status === 'paid' || purchase.status === 'needs_review') return { ok: true, purchase };
    const { verdict, alert } = await checkSslReport(this.deps, creds, form, expectedOf(purchase), via);
    if (alert) await this.alert(purchase, purchase.tran_id, alert);
    if (verdict) await settlePurchase(this.deps, purchase, verdict);
    return { ok: verdict !== undefined, purchase: await repo.purchaseByTran(purchase.tran_id) };
  }

  // ── bKash ──

  async bkashCallback(query: { paymentID?: string; status?: string }): Promise<string> {
    const repo = new BillingRepository(this.deps.db.kysely);
    const purchase = query.paymentID
      ? await repo.purchaseByGatewayPayment('bkash', query.paymentID)
      : undefined;
    const creds = this.deps.merchant.bkash;
    if (!purchase || !creds) return `${BILLING}?failed=DECLINED`;
    if (purchase.status === 'paid' || purchase.status === 'needs_review')
      return this.resultPath(purchase, null);
    const answer = await bkashAnswer(
      this.deps,
      creds,
      purchase.gateway_payment_id!,
      purchase.tran_id,
      query.status,
      {
        claim: () => repo.claimExecute(purchase.id, this.deps.clock.now()),
        release: () => repo.releaseExecute(purchase.id),
      },
    );
    const { verdict, alert } = bkashVerdict(
      expectedOf(purchase),
      answer,
      bkashIfOpen(query.status) ?? 'DECLINED',
    );
    if (alert) await this.alert(purchase, purchase.tran_id, alert);
    if (verdict) await settlePurchase(this.deps, purchase, verdict);
    return this.resultPath((await repo.purchaseByTran(purchase.tran_id))!, bkashIfOpen(query.status));
  }

  /**
   * A purchase still open after its window (the reconcile job): what the gateway confirms takes
   * effect (once, as any report); anything else expires. A later confirmation still counts.
   */
  async reconcile(tranId: string): Promise<void> {
    const purchase = await new BillingRepository(this.deps.db.kysely).purchaseByTran(tranId);
    if (!purchase || (purchase.status !== 'created' && purchase.status !== 'redirected')) return;
    const expected = expectedOf(purchase);
    const ssl = this.deps.merchant.sslcommerz;
    const bkash = this.deps.merchant.bkash;
    let verdict: Verdict | undefined;
    if (purchase.gateway === 'sslcommerz' && ssl) verdict = await sslQueryVerdict(this.deps, ssl, expected);
    if (purchase.gateway === 'bkash' && bkash && purchase.gateway_payment_id) {
      await this.deps.gateways.ready();
      const answer = await bkashStatus(this.deps, bkash, purchase.gateway_payment_id, purchase.tran_id);
      const checked = bkashVerdict(expected, answer, 'EXPIRED');
      if (checked.alert) await this.alert(purchase, purchase.tran_id, checked.alert);
      verdict = checked.verdict;
    }
    if (verdict) await settlePurchase(this.deps, purchase, verdict);
    await settlePurchase(this.deps, purchase, {
      kind: 'expired',
      note: 'No answer from the gateway within the payment window',
    });
  }

  /** Paid (or still being confirmed after a success): the receipt; otherwise back to billing. */
  private resultPath(purchase: Purchase, ifOpen: PaymentFailReason | null): string {
    const tran = encodeURIComponent(purchase.tran_id);
    const open = purchase.status === 'created' || purchase.status === 'redirected';
    if (purchase.status === 'paid' || purchase.status === 'needs_review' || (open && ifOpen === null))
      return `${RECEIPT}?tran=${tran}`;
    return `${BILLING}?tran=${tran}&failed=${ifOpen ?? 'DECLINED'}`;
  }

  private async alert(purchase: Purchase | null, tranId: string, problem: string) {
    const { db, log, clock } = this.deps;
    await alertOnPayment(
      { db: db.kysely, log, now: clock.now() },
      'platform payment alert',
      purchase,
      tranId,
      problem,
    );
  }
}
