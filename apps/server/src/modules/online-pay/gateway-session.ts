import { formatMoney, ONLINE_PAY } from '@batchwise/domain';
import type { BkashCredentials } from '../../drivers/payments/bkash';
import type { PaymentGateways } from '../../drivers/payments/gateways';
import type { SslCommerzCredentials } from '../../drivers/payments/sslcommerz';
import { failure } from '../../lib/errors';

// Opening a payment at the gateway, the same for every merchant (an institution taking fees, or
// the platform selling plans and SMS): the amount within the online-payment bounds, then an
// SSLCommerz session or a bKash payment whose reports come back to the merchant's own routes
// (integrations.md §1.3, §2.3).

/** An amount a gateway may be asked for (ONLINE_PAY bounds), else 400 with the bound. */
export function requirePayableAmount(amountPaisa: number): void {
  if (amountPaisa < ONLINE_PAY.minimumPaisa)
    throw failure(400, 'PAY_AMOUNT_TOO_SMALL', { min: formatMoney(ONLINE_PAY.minimumPaisa / 100) });
  if (amountPaisa > ONLINE_PAY.maximumPaisa)
    throw failure(400, 'PAY_AMOUNT_TOO_LARGE', { max: formatMoney(ONLINE_PAY.maximumPaisa / 100) });
}

/** Which gateway, with the merchant's credentials for it. */
export type GatewayMerchant =
  | { gateway: 'sslcommerz'; credentials: SslCommerzCredentials }
  | { gateway: 'bkash'; credentials: BkashCredentials };

export interface SessionRequest {
  /** The merchant's public payment routes: `${api}/sslcommerz/ipn`, `${api}/bkash/callback`, … */
  api: string;
  tranId: string;
  amountPaisa: number;
  customerName: string;
  customerPhone: string;
  productName: string;
  /** Our record of the attempt (SSLCommerz carries it back). */
  reference: string;
  /** Who pays, as bKash shows it to the payer. */
  payerReference: string;
}

/** Where to send the payer, and the gateway's id of the payment; neither when it refused. */
export interface OpenedSession {
  redirectUrl?: string;
  gatewayPaymentId?: string;
  /** What the gateway said when it refused, or the error met on the way. */
  problem: string;
}

export async function openGatewaySession(
  gateways: PaymentGateways,
  merchant: GatewayMerchant,
  request: SessionRequest,
): Promise<OpenedSession> {
  await gateways.ready();
  const { api } = request;
  try {
    if (merchant.gateway === 'sslcommerz') {
      const session = await gateways.sslcommerz.createSession(merchant.credentials, {
        tranId: request.tranId,
        amountPaisa: request.amountPaisa,
        currency: 'BDT',
        successUrl: `${api}/sslcommerz/success`,
        failUrl: `${api}/sslcommerz/fail`,
        cancelUrl: `${api}/sslcommerz/cancel`,
        ipnUrl: `${api}/sslcommerz/ipn`,
        customerName: request.customerName,
        customerPhone: request.customerPhone,
        productName: request.productName,
        reference: request.reference,
      });
      return {
        redirectUrl: session.status === 'SUCCESS' ? session.GatewayPageURL : undefined,
        gatewayPaymentId: session.sessionkey,
        problem: session.failedreason ?? '',
      };
    }
    const created = await gateways.bkash.create(merchant.credentials, {
      amountPaisa: request.amountPaisa,
      invoice: request.tranId,
      callbackUrl: `${api}/bkash/callback`,
      payerReference: request.payerReference,
    });
    return {
      redirectUrl: created.statusCode === '0000' ? created.bkashURL : undefined,
      gatewayPaymentId: created.paymentID,
      problem: created.statusMessage ?? '',
    };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
