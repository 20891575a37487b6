import crypto from 'node:crypto';
import { monthOf, ONLINE_PAY, type PayItem, type PaymentFailReason } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { BkashPayment } from '../../drivers/payments/bkash';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { FeesRepository } from '../fees/fees.repository';
import { duesOf } from '../fees/fees-dues';
import type { JobQueue } from '../jobs/jobs.service';
import {
  bkashAnswer,
  bkashIfOpen,
  bkashStatus,
  bkashVerdict,
  checkSslReport,
  expectedOf,
  sslQueryVerdict,
} from './gateway-checks';
import { openGatewaySession, requirePayableAmount } from './gateway-session';
import { bkashCredentials, sslCredentials } from './merchant-settings';
import { OnlinePayRepository } from './online-pay.repository';
import type { OnlinePayDeps } from './online-pay.service';
import { type Attempt, alertOnPayment, type StoredItem, settle } from './settle';

// Starting and finishing online payments at the gateways, by the IPN rules of
// gateway-checks.ts (shared with the platform's own purchases, modules/billing).

export interface GatewayServiceDeps extends OnlinePayDeps {
  log: FastifyBaseLogger;
  jobs: JobQueue;
}

/** The job that asks the gateway about an attempt left open past its window (online-pay-reconcile.ts). */
export const RECONCILE_JOB = 'online-pay.reconcile';
/** A minute of grace after the window: the gateway's own last report usually lands in it. */
const RECONCILE_DELAY_MS = 60_000;

const SUCCESS = '/paymentsuccess';
const FAIL = '/paymentfail';
const BKASH_ERROR = '/bkash-payment-error';

type PayTarget = NonNullable<Awaited<ReturnType<OnlinePayRepository['studentTarget']>>>;

const newTranId = () => `BW${crypto.randomBytes(12).toString('hex').toUpperCase()}`;

export class OnlinePayGatewayService {
  constructor(private readonly deps: GatewayServiceDeps) {}

  async start(input: { key: string; suid: string; gateway: 'sslcommerz' | 'bkash'; items: PayItem[] }) {
    const target = await new OnlinePayRepository(this.deps.db.kysely).payLinkTarget(input.key, input.suid);
    if (!target) throw failure(404, 'PAY_LINK_INVALID');
    return this.startFor(target, input, null);
  }

  /**
   * The family portal's "pay now" (DESIGN.md §1 "Family portal"): the same attempt, rules and IPN
   * as the pay link, for a student the portal's policy has already checked; the result pages lead
   * back to `returnPath`.
   */
  async startForStudent(
    accountId: string,
    studentId: string,
    input: { gateway: 'sslcommerz' | 'bkash'; items: PayItem[] },
    returnPath: string,
  ) {
    const target = await new OnlinePayRepository(this.deps.db.kysely).studentTarget(accountId, studentId);
    if (!target) throw notFound();
    return this.startFor(target, input, returnPath);
  }

  private async startFor(
    target: PayTarget,
    input: { gateway: 'sslcommerz' | 'bkash'; items: PayItem[] },
    returnPath: string | null,
  ) {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    if (target.online_payment !== 'On') throw failure(409, 'PAY_ONLINE_OFF');
    const settings = await repo.merchantSettings(target.account_id);
    const ssl = input.gateway === 'sslcommerz' ? sslCredentials(this.deps.box, settings) : undefined;
    const bkash = input.gateway === 'bkash' ? bkashCredentials(this.deps.box, settings) : undefined;
    if (!ssl && !bkash) throw failure(409, 'PAY_GATEWAY_UNAVAILABLE');

    const now = this.deps.clock.now();
    const through = input.items.reduce(
      (last, i) => (i.kind === 'month' && i.month > last ? i.month : last),
      monthOf(now),
    );
    const dues = await duesOf(new FeesRepository(this.deps.db.kysely), target.account_id, target, through);
    const items: StoredItem[] = [];
    const seen = new Set<string>();
    for (const item of input.items) {
      const key = item.kind === 'month' ? `m ${item.classroomId} ${item.month}` : `c ${item.chargeId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const line = dues.lines.find((l) =>
        item.kind === 'month'
          ? l.kind === 'month' && l.classroomId === item.classroomId && l.month === item.month
          : l.kind === 'charge' && l.chargeId === item.chargeId,
      );
      if (!line || line.duePaisa <= 0) {
        const name =
          item.kind === 'month' ? `${line?.classroomName ?? ''} ${item.month}`.trim() : (line?.label ?? '');
        throw failure(400, 'PAY_NOTHING_DUE', { item: name });
      }
      items.push(
        item.kind === 'month'
          ? { kind: 'month', classroomId: item.classroomId, month: item.month, amountPaisa: line.duePaisa }
          : { kind: 'charge', chargeId: item.chargeId, amountPaisa: line.duePaisa },
      );
    }
    const amount = items.reduce((sum, i) => sum + i.amountPaisa, 0);
    requirePayableAmount(amount);

    const attempt: Attempt = {
      id: newId(now),
      account_id: target.account_id,
      student_id: target.id,
      gateway: input.gateway,
      mode: (ssl ?? bkash)!.live ? 'live' : 'sandbox',
      tran_id: newTranId(),
      gateway_payment_id: null,
      gateway_trx_id: null,
      gateway_fee: null,
      amount,
      currency: 'BDT',
      items: JSON.stringify(items),
      status: 'created',
      reason: null,
      note: '',
      payment_id: null,
      execute_claimed_at: null,
      expires_at: now + ONLINE_PAY.windowMs,
      created_at: now,
      updated_at: now,
      return_path: returnPath,
    };
    await repo.insertAttempt(attempt);
    // A payer who never comes back (or a process that stops mid-way): the gateway is asked once
    // the window has passed. Queued before the gateway call, so no open attempt goes unasked.
    await this.deps.jobs.enqueue(
      RECONCILE_JOB,
      { tranId: attempt.tran_id },
      {
        runAt: now + ONLINE_PAY.windowMs + RECONCILE_DELAY_MS,
        idempotencyKey: `${RECONCILE_JOB}:${attempt.tran_id}`,
      },
    );
    const { redirectUrl, gatewayPaymentId, problem } = await openGatewaySession(
      this.deps.gateways,
      ssl ? { gateway: 'sslcommerz', credentials: ssl } : { gateway: 'bkash', credentials: bkash! },
      {
        api: `${this.deps.appUrl}/api/public/pay`,
        tranId: attempt.tran_id,
        amountPaisa: amount,
        customerName: target.name,
        customerPhone: target.phone.replace(/D$/, ''),
        productName: `${target.institution} fees`,
        reference: attempt.id,
        payerReference: target.custom_id ?? target.id,
      },
    );
    if (!redirectUrl || !gatewayPaymentId) {
      await settle(this.deps, attempt, {
        kind: 'failed',
        reason: 'UNATTEMPTED',
        note: `Gateway refused: ${problem}`.slice(0, 500),
      });
      this.deps.log.warn(
        { tranId: attempt.tran_id, gateway: input.gateway, problem },
        'payment gateway refused a session',
      );
      throw failure(502, 'PAY_GATEWAY_FAILED');
    }
    const expiresAt = this.deps.clock.now() + ONLINE_PAY.windowMs;
    await repo.transition(attempt.id, ['created'], {
      status: 'redirected',
      gateway_payment_id: gatewayPaymentId,
      expires_at: expiresAt,
      updated_at: this.deps.clock.now(),
    });

    return { tranId: attempt.tran_id, redirectUrl, amountPaisa: amount, expiresAt };
  }

  // ── SSLCommerz ──

  /** The IPN: answers whether the notification was taken (the gateway may send it again). */
  async sslcommerzIpn(form: Record<string, string>): Promise<{ ok: boolean }> {
    const result = await this.sslcommerzReport(form, 'ipn');
    return { ok: result.ok };
  }

  /** The payer's browser back from SSLCommerz: where to send it. */
  async sslcommerzReturn(
    outcome: 'success' | 'fail' | 'cancel',
    form: Record<string, string>,
  ): Promise<string> {
    const result = await this.sslcommerzReport(form, outcome);
    if (!result.attempt) return `${FAIL}?reason=IPN_VALIDATION_FAILED`;
    return this.resultPath(
      result.attempt,
      outcome === 'success' ? null : outcome === 'cancel' ? 'CANCELLED' : 'DECLINED',
    );
  }

  private async sslcommerzReport(
    form: Record<string, string>,
    via: string,
  ): Promise<{ ok: boolean; attempt?: Attempt }> {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const tranId = String(form.tran_id ?? '').slice(0, 64);
    const attempt = tranId ? await repo.attemptByTran(tranId) : undefined;
    if (attempt?.gateway !== 'sslcommerz') {
      await this.alert(null, tranId || '(none)', `SSLCommerz ${via} for a transaction that is not ours`);
      return { ok: false };
    }
    // Already recorded or held: a replay changes nothing, so the gateway is not asked again (§1.5 step 1).
    if (attempt.status === 'paid' || attempt.status === 'needs_review') return { ok: true, attempt };
    const creds = sslCredentials(this.deps.box, await repo.merchantSettings(attempt.account_id));
    if (!creds) {
      await this.alert(
        attempt,
        attempt.tran_id,
        `SSLCommerz ${via} arrived but the account has no SSLCommerz credentials`,
      );
      return { ok: false, attempt };
    }
    const { verdict, alert } = await checkSslReport(this.deps, creds, form, expectedOf(attempt), via);
    if (alert) await this.alert(attempt, attempt.tran_id, alert);
    if (verdict) await settle(this.deps, attempt, verdict);
    // The IPN answers ok only; the browser's return needs the state the report left.
    return {
      ok: verdict !== undefined,
      attempt: via === 'ipn' ? attempt : await repo.attemptByTran(attempt.tran_id),
    };
  }

  // ── bKash ──

  /** The payer's browser back from bKash (`?paymentID&status`), never believed: where to send it. */
  async bkashCallback(query: { paymentID?: string; status?: string }): Promise<string> {
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const attempt = query.paymentID
      ? await repo.attemptByGatewayPayment('bkash', query.paymentID)
      : undefined;
    if (!attempt) return BKASH_ERROR;
    const creds = bkashCredentials(this.deps.box, await repo.merchantSettings(attempt.account_id));
    if (!creds) return BKASH_ERROR;
    if (attempt.status === 'paid' || attempt.status === 'needs_review') return this.resultPath(attempt, null);
    const answer = await bkashAnswer(
      this.deps,
      creds,
      attempt.gateway_payment_id!,
      attempt.tran_id,
      query.status,
      {
        claim: () => repo.claimExecute(attempt.id, this.deps.clock.now()),
        release: () => repo.releaseExecute(attempt.id),
      },
    );
    await this.applyBkash(attempt, answer, bkashIfOpen(query.status) ?? 'DECLINED');
    const after = (await repo.attemptByTran(attempt.tran_id))!;
    return this.resultPath(after, bkashIfOpen(query.status));
  }

  private async applyBkash(attempt: Attempt, answer: BkashPayment | undefined, otherwise: PaymentFailReason) {
    const { verdict, alert } = bkashVerdict(expectedOf(attempt), answer, otherwise);
    if (alert) await this.alert(attempt, attempt.tran_id, alert);
    if (verdict) await settle(this.deps, attempt, verdict);
  }

  // ── reconciliation (online-pay-reconcile.ts asks the gateway; this applies its answer) ──

  /** A bKash payment's state from a status query, applied to the attempt. */
  async reconcileBkash(attempt: Attempt): Promise<void> {
    const creds = bkashCredentials(this.deps.box, await this.settingsOf(attempt.account_id));
    if (!creds || !attempt.gateway_payment_id) return;
    await this.deps.gateways.ready();
    const answer = await bkashStatus(this.deps, creds, attempt.gateway_payment_id, attempt.tran_id);
    await this.applyBkash(attempt, answer, 'EXPIRED');
  }

  /** An SSLCommerz transaction the gateway reports valid, recorded (or held when risky). */
  async reconcileSslcommerz(attempt: Attempt): Promise<void> {
    const creds = sslCredentials(this.deps.box, await this.settingsOf(attempt.account_id));
    if (!creds) return;
    const verdict = await sslQueryVerdict(this.deps, creds, expectedOf(attempt));
    if (verdict) await settle(this.deps, attempt, verdict);
  }

  private settingsOf(accountId: string) {
    return new OnlinePayRepository(this.deps.db.kysely).merchantSettings(accountId);
  }

  /**
   * The result page for the attempt's state. Still open (the report could not be checked yet):
   * what the browser came back saying, `null` meaning success — the success page then asks again
   * until the gateway's answer lands.
   */
  private resultPath(attempt: Attempt, ifOpen: PaymentFailReason | null): string {
    const tran = encodeURIComponent(attempt.tran_id);
    const open = attempt.status === 'created' || attempt.status === 'redirected';
    if (attempt.status === 'paid' || attempt.status === 'needs_review' || (open && ifOpen === null))
      return `${SUCCESS}?tran=${tran}`;
    return `${FAIL}?tran=${tran}&reason=${attempt.reason ?? ifOpen ?? 'DECLINED'}`;
  }

  private async alert(attempt: Attempt | null, tranId: string, problem: string) {
    const { db, log, clock } = this.deps;
    await alertOnPayment(
      { db: db.kysely, log, now: clock.now() },
      'online payment alert',
      attempt,
      tranId,
      problem,
    );
  }
}
