import type { PaymentFailReason } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { BkashCredentials, BkashPayment } from '../../drivers/payments/bkash';
import type { PaymentGateways } from '../../drivers/payments/gateways';
import {
  decimalToPaisa,
  GatewayError,
  gatewayFeeOf,
  type SslCommerzCredentials,
  verifyNotification,
} from '../../drivers/payments/sslcommerz';
import type { Verdict } from './settle';

// The IPN rules every merchant's payments follow, whoever the merchant is (an institution taking
// fees, or the platform selling plans and SMS): nothing a browser or a notification says is
// believed on its own. SSLCommerz reports pass verify_sign, our amount and currency, then the
// validation API; bKash callbacks lead to execute (once) or a status query, whose answer must
// match our amount and invoice (integrations.md §1.5, §2.5, §9.2).

/** What we asked the gateway for: the answer must match it. */
export interface Expected {
  tranId: string;
  amountPaisa: number;
  currency: string;
}

/** What a recorded payment (a fee attempt, a plan purchase, a course purchase) asked for. */
export const expectedOf = (payment: {
  tran_id: string;
  amount: number | string;
  currency: string;
}): Expected => ({
  tranId: payment.tran_id,
  amountPaisa: Number(payment.amount),
  currency: payment.currency,
});

export interface CheckDeps {
  gateways: PaymentGateways;
  log: FastifyBaseLogger;
}

/**
 * What an SSLCommerz report (IPN or the browser's return) of an open transaction means: a
 * verdict to settle, and/or a problem to raise as an alert. Neither: the report could not be
 * checked now (validation API unreachable, or a status we do not act on).
 */
export interface SslCheck {
  verdict?: Verdict;
  alert?: string;
}

export async function checkSslReport(
  deps: CheckDeps,
  creds: SslCommerzCredentials,
  form: Record<string, string>,
  expected: Expected,
  via: string,
): Promise<SslCheck> {
  if (!verifyNotification(form, creds.storePassword))
    return { alert: `SSLCommerz ${via} failed the verify_sign check` };
  if (decimalToPaisa(form.amount) !== expected.amountPaisa || form.currency !== expected.currency) {
    return {
      alert: `SSLCommerz ${via} reports ${form.amount} ${form.currency}, we asked ${expected.amountPaisa / 100} ${expected.currency}`,
    };
  }
  const status = String(form.status ?? '');
  if (status === 'VALID' || status === 'VALIDATED') {
    await deps.gateways.ready();
    const v = await deps.gateways.sslcommerz
      .validate(creds, String(form.val_id ?? ''))
      .catch((err: Error) => {
        deps.log.warn({ tranId: expected.tranId, err: err.message }, 'SSLCommerz validation API unreachable');
        return undefined;
      });
    if (!v) return {};
    const matches =
      (v.status === 'VALID' || v.status === 'VALIDATED') &&
      v.tran_id === expected.tranId &&
      decimalToPaisa(v.amount) === expected.amountPaisa &&
      v.currency === expected.currency;
    if (!matches) {
      const note = `Validation API answered ${v.status} for ${v.tran_id ?? '?'}: ${v.amount ?? '?'} ${v.currency ?? '?'}`;
      return { alert: note, verdict: { kind: 'failed', reason: 'IPN_VALIDATION_FAILED', note } };
    }
    if (v.risk_level === '1') {
      return {
        verdict: {
          kind: 'review',
          gatewayTrxId: v.bank_tran_id ?? '',
          note: `Flagged risky by SSLCommerz: ${v.risk_title ?? ''}`.trim(),
        },
      };
    }
    return {
      verdict: {
        kind: 'paid',
        gatewayTrxId: v.bank_tran_id ?? '',
        gatewayFeePaisa: gatewayFeeOf(expected.amountPaisa, v.store_amount),
      },
    };
  }
  if (status === 'FAILED')
    return { verdict: { kind: 'failed', reason: 'DECLINED', note: 'Declined at SSLCommerz' } };
  if (status === 'CANCELLED') return { verdict: { kind: 'cancelled', note: 'Cancelled at SSLCommerz' } };
  if (status === 'EXPIRED') return { verdict: { kind: 'expired', note: 'Expired at SSLCommerz' } };
  if (status === 'UNATTEMPTED')
    return { verdict: { kind: 'failed', reason: 'UNATTEMPTED', note: 'Not attempted at SSLCommerz' } };
  return {};
}

/** An SSLCommerz transaction query's valid entry, as a verdict; none when it does not match. */
export async function sslQueryVerdict(
  deps: CheckDeps,
  creds: SslCommerzCredentials,
  expected: Expected,
): Promise<Verdict | undefined> {
  await deps.gateways.ready();
  const found = await deps.gateways.sslcommerz.queryByTranId(creds, expected.tranId).catch(() => undefined);
  const valid = found?.element?.find((e) => e.status === 'VALID' || e.status === 'VALIDATED');
  if (!valid || decimalToPaisa(valid.amount) !== expected.amountPaisa || valid.currency !== expected.currency)
    return undefined;
  return valid.risk_level === '1'
    ? { kind: 'review', gatewayTrxId: valid.bank_tran_id ?? '', note: 'Flagged risky by SSLCommerz' }
    : { kind: 'paid', gatewayTrxId: valid.bank_tran_id ?? '' };
}

/** The claim on calling bKash execute for a payment: once, whoever's callback comes first. */
export interface ExecuteClaim {
  claim(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * What bKash says of a payment after its callback: execute when the callback says success and
 * the claim is ours; otherwise (not ours, unclear, refused) the status query decides (§2.5).
 */
export async function bkashAnswer(
  deps: CheckDeps,
  creds: BkashCredentials,
  paymentId: string,
  tranId: string,
  callbackStatus: string | undefined,
  execute: ExecuteClaim,
): Promise<BkashPayment | undefined> {
  await deps.gateways.ready();
  let answer: BkashPayment | undefined;
  if (callbackStatus === 'success' && (await execute.claim())) {
    answer = await deps.gateways.bkash.execute(creds, paymentId).catch((err: Error) => {
      deps.log.warn(
        { tranId, err: err.message, timedOut: err instanceof GatewayError && err.timedOut },
        'bKash execute had no clear answer; asking its status',
      );
      return undefined;
    });
    // A clear refusal (e.g. 2056: the payer has not approved yet, as after a forged early
    // callback) executed nothing: the genuine callback may execute later.
    if (answer && answer.statusCode !== '0000' && answer.statusCode !== '2062') await execute.release();
  }
  if (answer?.transactionStatus !== 'Completed') answer = await bkashStatus(deps, creds, paymentId, tranId);
  return answer;
}

export function bkashStatus(
  deps: CheckDeps,
  creds: BkashCredentials,
  paymentId: string,
  tranId: string,
): Promise<BkashPayment | undefined> {
  return deps.gateways.bkash.status(creds, paymentId).catch((err: Error) => {
    deps.log.warn({ tranId, err: err.message }, 'bKash status query failed');
    return undefined;
  });
}

/**
 * A bKash answer as a verdict (and an alert when it completed for another amount or invoice).
 * None: still initiated after a success callback, or no answer — left open for reconciliation.
 */
export function bkashVerdict(
  expected: Expected,
  answer: BkashPayment | undefined,
  otherwise: PaymentFailReason,
): SslCheck {
  const state = answer?.transactionStatus;
  if (state === 'Completed') {
    if (
      decimalToPaisa(answer!.amount) !== expected.amountPaisa ||
      answer!.merchantInvoiceNumber !== expected.tranId
    ) {
      const note = `bKash completed ${answer!.amount} for invoice ${answer!.merchantInvoiceNumber}, we asked ${expected.amountPaisa / 100} for ${expected.tranId}`;
      return { alert: note, verdict: { kind: 'review', gatewayTrxId: answer!.trxID ?? '', note } };
    }
    return { verdict: { kind: 'paid', gatewayTrxId: answer!.trxID ?? '' } };
  }
  if (state === 'Cancelled') return { verdict: { kind: 'cancelled', note: 'Cancelled at bKash' } };
  if (state === 'Expired') return { verdict: { kind: 'expired', note: 'Expired at bKash' } };
  if (state === 'Failed')
    return { verdict: { kind: 'failed', reason: 'DECLINED', note: 'Declined at bKash' } };
  if (state === 'Initiated' && otherwise === 'CANCELLED')
    return { verdict: { kind: 'cancelled', note: 'Cancelled at bKash' } };
  return {};
}

/** What a bKash callback's own status says, for a payment the gateway has not settled yet. */
export const bkashIfOpen = (status: string | undefined): PaymentFailReason | null =>
  status === 'success' ? null : status === 'cancel' ? 'CANCELLED' : 'DECLINED';
