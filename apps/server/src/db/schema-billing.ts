// Platform billing (migration 0036), apart from schema.ts so it stays short: what accounts buy
// from Batchwise itself (a plan for some months, an SMS pack), the plan ledger, and the billing
// settings staff edit. Amounts are whole paisa, times ms since the epoch.

import type { OnlinePaymentStatusColumn } from './schema-online-pay';

/**
 * One purchase from the platform, paid at the platform's own SSLCommerz or bKash merchant.
 * Moving to `paid` is a guarded update in the same transaction as its effect (the plan's end
 * date, or the SMS ledger's credit), so a purchase takes effect once.
 */
export interface PlatformPurchasesTable {
  id: string;
  account_id: string;
  /** Who started it (the account's owner). */
  user_id: string | null;
  kind: 'plan' | 'sms';
  /** For a plan: which one, and for how many months. */
  plan_id: string | null;
  months: number | null;
  /** For an SMS pack: how many SMS. */
  sms_count: number | null;
  gateway: 'sslcommerz' | 'bkash';
  mode: 'sandbox' | 'live';
  tran_id: string;
  gateway_payment_id: string | null;
  /** SSLCommerz bank_tran_id / bKash trxID once paid; unique. */
  gateway_trx_id: string | null;
  amount: number;
  /** The discount taken off the list price (a staff discount on the account). */
  discount: number;
  currency: string;
  status: OnlinePaymentStatusColumn;
  note: string;
  /** bKash execute is called once: the callback that claims it. */
  execute_claimed_at: number | null;
  /** Set when paid: the plan's end date after this purchase. */
  plan_ends_at: number | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

/** Every change to an account's plan: purchases, staff grants, extensions and discounts. */
export interface PlanLedgerTable {
  id: string;
  account_id: string;
  kind: 'purchase' | 'grant' | 'extend' | 'discount';
  plan_id: string;
  /** The plan's end before and after this change (null: no end). */
  ends_before: number | null;
  ends_after: number | null;
  /** A discount's percentage (off later purchases). */
  discount_percent: number | null;
  purchase_id: string | null;
  actor_user_id: string | null;
  reason: string;
  created_at: number;
}

/** The one row of billing settings platform staff edit (id is always 'platform'). */
export interface BillingSettingsTable {
  id: string;
  /** JSON: BillingSettings (packages/domain plans/billing.ts). */
  settings: string;
  updated_at: number | null;
  updated_by: string | null;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface BillingTables {
  platform_purchases: PlatformPurchasesTable;
  plan_ledger: PlanLedgerTable;
  billing_settings: BillingSettingsTable;
}
