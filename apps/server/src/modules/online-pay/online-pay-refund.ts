import { formatMoney, type PaymentView } from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { requireFeesManager } from '../fees/fees.policy';
import type { PaymentsService } from '../fees/payments.service';
import { bkashCredentials, sslCredentials } from './merchant-settings';
import { OnlinePayRepository } from './online-pay.repository';
import type { OnlinePayDeps } from './online-pay.service';

// Refunds of online payments ("refunds"): the gateway gives the money back
// first (SSLCommerz refund API with bank_tran_id, §1.6; bKash payment/refund, §2.2), then the
// fees module records the refund receipt against the payment, so the books never show money
// returned that the gateway did not return.

export interface RefundDeps extends OnlinePayDeps {
  payments: PaymentsService;
}

export class OnlinePayRefunds {
  constructor(private readonly deps: RefundDeps) {}

  async refund(
    principal: Principal,
    accountId: string,
    onlinePaymentId: string,
    input: { amountPaisa: number; reason: string },
  ): Promise<PaymentView> {
    requireFeesManager(await this.deps.access.requireAccount(principal, accountId));
    const repo = new OnlinePayRepository(this.deps.db.kysely);
    const attempt = await repo.attempt(accountId, onlinePaymentId);
    if (!attempt) throw notFound();
    if (attempt.status !== 'paid' || !attempt.payment_id || !attempt.gateway_trx_id)
      throw failure(409, 'PAY_REFUND_NOT_PAID');
    // Checked before the gateway moves money; the fees module checks again in its transaction.
    const left = Number(attempt.amount) - (await repo.refundedFrom(attempt.payment_id));
    if (input.amountPaisa > left)
      throw failure(400, 'PAY_REFUND_TOO_MUCH', { amount: formatMoney(left / 100) });

    const settings = await repo.merchantSettings(accountId);
    await this.deps.gateways.ready();
    let refused: string | undefined;
    if (attempt.gateway === 'sslcommerz') {
      const creds = sslCredentials(this.deps.box, settings);
      if (!creds) throw failure(409, 'PAY_GATEWAY_UNAVAILABLE');
      const answer = await this.deps.gateways.sslcommerz
        .refund(creds, {
          bankTranId: attempt.gateway_trx_id,
          amountPaisa: input.amountPaisa,
          // ≤ 30 characters, ours and unique (required since 2025, §1.6).
          refundTransId: `RF${newId(this.deps.clock.now())}`.slice(0, 30),
          remarks: input.reason,
        })
        .catch((err: Error) => ({ APIConnect: 'FAILED', status: 'failed', errorReason: err.message }));
      if (answer.APIConnect !== 'DONE' || (answer.status !== 'success' && answer.status !== 'processing'))
        refused = answer.errorReason ?? answer.status ?? 'no answer';
    } else {
      const creds = bkashCredentials(this.deps.box, settings);
      if (!creds || !attempt.gateway_payment_id) throw failure(409, 'PAY_GATEWAY_UNAVAILABLE');
      const answer = await this.deps.gateways.bkash
        .refund(creds, {
          paymentID: attempt.gateway_payment_id,
          trxID: attempt.gateway_trx_id,
          amountPaisa: input.amountPaisa,
          reason: input.reason,
        })
        .catch((err: Error) => ({
          statusMessage: err.message,
          transactionStatus: undefined,
          refundTrxID: undefined,
        }));
      if (answer.transactionStatus !== 'Completed' || !answer.refundTrxID)
        refused = answer.statusMessage ?? 'no answer';
    }
    if (refused !== undefined) throw failure(502, 'PAY_REFUND_REFUSED', { reason: refused.slice(0, 200) });
    return this.deps.payments.refund(principal, accountId, attempt.payment_id, {
      amountPaisa: input.amountPaisa,
      method: attempt.gateway,
      reason: input.reason,
    });
  }
}
