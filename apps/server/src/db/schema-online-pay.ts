import type { Generated } from 'kysely';

// Online payment (migration 0022), apart from schema.ts so it stays short.
// Amounts are whole paisa, times ms since the epoch.

/** A student's pay link (`/s-pay?key=…&suid=…`): revoking deletes the row, regenerating changes the key. */
export interface StudentPayLinksTable {
  student_id: string;
  account_id: string;
  /** Random and unguessable; the link is the permission to see this student's dues. */
  pay_key: string;
  created_at: number;
  created_by_user_id: string | null;
}

/**
 * An account's merchant settings. The credentials of each gateway are one AES-256-GCM sealed
 * JSON blob (modules/online-pay/secret-box.ts); the on/off switch of the whole feature is
 * `accounts.online_payment` (the spec's PublicInfo.OnlinePayment).
 */
export interface MerchantSettingsTable {
  account_id: string;
  sslcommerz_enabled: number;
  sslcommerz_mode: 'sandbox' | 'live';
  /** Sealed `{ storeId, storePassword }`, or null. */
  sslcommerz_secret: string | null;
  bkash_enabled: number;
  bkash_mode: 'sandbox' | 'live';
  /** Sealed `{ appKey, appSecret, username, password }`, or null. */
  bkash_secret: string | null;
  updated_at: number;
  updated_by_user_id: string | null;
}

export type OnlinePaymentStatusColumn =
  | 'created'
  | 'redirected'
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'needs_review';

/**
 * One attempt to pay online. `tran_id` is ours (SSLCommerz tran_id, bKash merchantInvoiceNumber);
 * `gateway_payment_id` the gateway's (SSLCommerz sessionkey, bKash paymentID). Moving to `paid`
 * is a guarded update in the same transaction that records the payment, so it happens once.
 */
export interface OnlinePaymentsTable {
  id: string;
  account_id: string;
  student_id: string;
  gateway: 'sslcommerz' | 'bkash';
  mode: 'sandbox' | 'live';
  tran_id: string;
  gateway_payment_id: string | null;
  /** SSLCommerz bank_tran_id / bKash trxID once paid. */
  gateway_trx_id: string | null;
  /** What the gateway kept, when it says (SSLCommerz: amount − store_amount); null: not reported. */
  gateway_fee: number | null;
  amount: number;
  currency: string;
  /** JSON: [{ kind: 'month', classroomId, month, amountPaisa } | { kind: 'charge', chargeId, amountPaisa }] */
  items: string;
  status: OnlinePaymentStatusColumn;
  reason: string | null;
  note: string;
  payment_id: string | null;
  /** When bKash execute was claimed (it is called once per paymentID). */
  execute_claimed_at: number | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
  /** Started from the family portal: the portal page the result pages lead back to (0033). */
  return_path: Generated<string | null>;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface OnlinePayTables {
  student_pay_links: StudentPayLinksTable;
  merchant_settings: MerchantSettingsTable;
  online_payments: OnlinePaymentsTable;
}
