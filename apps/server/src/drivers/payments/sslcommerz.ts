import crypto from 'node:crypto';

// SSLCommerz v4 (research/integrations.md §1): a typed client over fetch instead of the official
// sslcommerz-lts, whose network errors resolve as values and whose query strings go unencoded
// (§1.8). Four calls: create a session, validate an order, query a transaction, refund.

export interface SslCommerzCredentials {
  storeId: string;
  storePassword: string;
  live: boolean;
}

/** Where the calls go: the real hosts, or a stand-in's address for both modes. */
export type SslCommerzHosts = (live: boolean) => string;

export const SSLCOMMERZ_HOSTS: SslCommerzHosts = (live) =>
  `https://${live ? 'securepay' : 'sandbox'}.sslcommerz.com`;

export interface SslCommerzSessionRequest {
  tranId: string;
  amountPaisa: number;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customerName: string;
  customerPhone: string;
  productName: string;
  /** Echoed back in the IPN and the validation answer (value_a). */
  reference: string;
}

export interface SslCommerzSession {
  status: string;
  failedreason?: string;
  sessionkey?: string;
  GatewayPageURL?: string;
}

/** The validation API's answer (the fields we read). */
export interface SslCommerzValidation {
  status: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  currency_type?: string;
  currency_amount?: string;
  /** The amount less SSLCommerz's fee: what the store receives. */
  store_amount?: string;
  bank_tran_id?: string;
  risk_level?: string;
  risk_title?: string;
  value_a?: string;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Paisa as the gateway writes money: "1500.00". */
export const paisaToDecimal = (paisa: number): string => (paisa / 100).toFixed(2);

/** The gateway's decimal as paisa, or NaN when it is not a plain amount. */
export function decimalToPaisa(text: string | undefined): number {
  if (text === undefined || !/^\d{1,12}(\.\d{1,4})?$/.test(text.trim())) return Number.NaN;
  return Math.round(Number(text.trim()) * 100);
}

/**
 * What SSLCommerz kept of a payment: the amount less `store_amount` (what the store receives),
 * or null when the answer has no believable store amount.
 */
export function gatewayFeeOf(amountPaisa: number, storeAmount: string | undefined): number | null {
  const store = decimalToPaisa(storeAmount);
  if (!Number.isFinite(store) || store > amountPaisa) return null;
  return amountPaisa - store;
}

export class SslCommerzClient {
  constructor(
    private readonly hosts: SslCommerzHosts,
    private readonly timeoutMs: number,
  ) {}

  async createSession(
    creds: SslCommerzCredentials,
    req: SslCommerzSessionRequest,
  ): Promise<SslCommerzSession> {
    const form = new URLSearchParams({
      store_id: creds.storeId,
      store_passwd: creds.storePassword,
      total_amount: paisaToDecimal(req.amountPaisa),
      currency: req.currency,
      tran_id: req.tranId,
      success_url: req.successUrl,
      fail_url: req.failUrl,
      cancel_url: req.cancelUrl,
      ipn_url: req.ipnUrl,
      // School fees: no shipping, a non-physical product (§1.2).
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: req.productName.slice(0, 255),
      product_category: 'Education',
      product_profile: 'non-physical-goods',
      cus_name: req.customerName.slice(0, 50),
      cus_email: 'none@batchwise.invalid',
      cus_add1: 'Bangladesh',
      cus_city: 'Dhaka',
      cus_postcode: '1000',
      cus_country: 'Bangladesh',
      cus_phone: req.customerPhone.slice(0, 20) || '01700000000',
      value_a: req.reference,
    });
    return this.call<SslCommerzSession>(`${this.hosts(creds.live)}/gwprocess/v4/api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  validate(creds: SslCommerzCredentials, valId: string): Promise<SslCommerzValidation> {
    const q = new URLSearchParams({
      val_id: valId,
      store_id: creds.storeId,
      store_passwd: creds.storePassword,
      v: '1',
      format: 'json',
    });
    return this.call(`${this.hosts(creds.live)}/validator/api/validationserverAPI.php?${q}`, {
      method: 'GET',
    });
  }

  /** Every attempt the gateway knows under our tran_id (the reconciliation of a pending attempt). */
  queryByTranId(
    creds: SslCommerzCredentials,
    tranId: string,
  ): Promise<{ APIConnect?: string; no_of_trans_found?: number; element?: SslCommerzValidation[] }> {
    const q = new URLSearchParams({
      tran_id: tranId,
      store_id: creds.storeId,
      store_passwd: creds.storePassword,
      format: 'json',
    });
    return this.call(`${this.hosts(creds.live)}/validator/api/merchantTransIDvalidationAPI.php?${q}`, {
      method: 'GET',
    });
  }

  refund(
    creds: SslCommerzCredentials,
    input: { bankTranId: string; amountPaisa: number; refundTransId: string; remarks: string },
  ): Promise<{ APIConnect?: string; status?: string; refund_ref_id?: string; errorReason?: string }> {
    const q = new URLSearchParams({
      bank_tran_id: input.bankTranId,
      refund_trans_id: input.refundTransId,
      refund_amount: paisaToDecimal(input.amountPaisa),
      refund_remarks: input.remarks,
      store_id: creds.storeId,
      store_passwd: creds.storePassword,
      v: '1',
      format: 'json',
    });
    return this.call(`${this.hosts(creds.live)}/validator/api/merchantTransIDvalidationAPI.php?${q}`, {
      method: 'GET',
    });
  }

  private async call<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new GatewayError(`SSLCommerz unreachable: ${(err as Error).message}`, timedOut);
    }
    if (!response.ok) throw new GatewayError(`SSLCommerz answered HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new GatewayError('SSLCommerz answered something other than JSON');
    }
  }
}

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/**
 * The string SSLCommerz signs (§1.5 step 2, from the official PHP `SSLCOMMERZ_hash_verify`): the
 * fields named in `verify_key` plus `store_passwd = md5(password)`, sorted by key, joined as
 * `key=value&…` without URL-encoding.
 */
function signedString(
  form: Readonly<Record<string, string>>,
  keys: readonly string[],
  storePassword: string,
) {
  const fields: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const key of keys) fields[key] = form[key] ?? '';
  return Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

/** Signs a notification the way SSLCommerz does (the stand-in uses it; so do tests). */
export function signNotification(
  form: Readonly<Record<string, string>>,
  storePassword: string,
): { verify_key: string; verify_sign: string } {
  const keys = Object.keys(form).filter(
    (k) => k !== 'verify_sign' && k !== 'verify_key' && k !== 'verify_sign_sha2',
  );
  return { verify_key: keys.join(','), verify_sign: md5(signedString(form, keys, storePassword)) };
}

/** True when the notification's `verify_sign` matches its fields and the store's password. */
export function verifyNotification(form: Readonly<Record<string, string>>, storePassword: string): boolean {
  const keys = (form.verify_key ?? '').split(',').filter(Boolean);
  // The fields that decide the outcome must be among the signed ones, or a forger could add them unsigned.
  if (!keys.length || !['tran_id', 'amount', 'currency', 'status'].every((k) => keys.includes(k)))
    return false;
  const expected = Buffer.from(md5(signedString(form, keys, storePassword)));
  const given = Buffer.from(String(form.verify_sign ?? ''));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
