import type { Generated } from 'kysely';

// Fees and payments (the fees capability; migration 0018), apart from schema.ts so it stays short. Amounts
// are whole paisa. What a student owes is never a stored running balance: it is computed from
// these rows and the enrolments (packages/domain/src/fees/dues.ts); dues_summaries only caches
// that computation for the dues list, and the database marks it stale on every write.

/** A special payment (exam fee, admission fee, books) owed once by a classroom's students or one student. */
export interface FeeChargesTable {
  id: string;
  account_id: string;
  /** Every student enrolled in this classroom owes it; null for a charge to one student. */
  classroom_id: string | null;
  /** The one student who owes it; null for a classroom's charge. */
  student_id: string | null;
  label: string;
  amount: number;
  /** YYYY-MM */
  due_month: string;
  created_at: number;
  created_by_user_id: string | null;
  /** Withdrawn charges stay for the record. */
  removed_at: number | null;
}

/** A waiver, a discount or a month marked not billable, for one month of one student in one classroom. */
export interface FeeAdjustmentsTable {
  id: string;
  account_id: string;
  student_id: string;
  classroom_id: string;
  /** YYYY-MM */
  month: string;
  kind: 'waiver' | 'discount' | 'not-billable';
  /** Discounts only; 0 otherwise. */
  amount: number;
  reason: string;
  created_at: number;
  created_by_user_id: string | null;
  removed_at: number | null;
  removed_by_user_id: string | null;
}

/**
 * Money received (or, with a negative amount and `refund_of`, given back). Nothing is deleted or
 * changed but the void marks: a voided payment keeps its receipt number and says who voided it
 * and why.
 */
export interface PaymentsTable {
  id: string;
  account_id: string;
  student_id: string;
  /** Per account, from 1, without gaps (payment_counters). */
  receipt_no: number;
  method: string;
  /** bKash number, bank slip, card approval code or gateway transaction id. */
  reference: string;
  amount: number;
  note: string;
  received_at: number;
  created_at: number;
  created_by_user_id: string | null;
  refund_of: string | null;
  voided_at: number | null;
  voided_by_user_id: string | null;
  void_reason: string | null;
  /** The public receipt link's key (migration 0019); unique, random. */
  receipt_key: string;
  /** The counter form's key for this collect (migration 0042): a resend returns this payment. */
  request_key: string | null;
}

/** What a payment paid for: one month of one classroom, or one charge. */
export interface PaymentAllocationsTable {
  id: string;
  payment_id: string;
  account_id: string;
  student_id: string;
  classroom_id: string | null;
  /** YYYY-MM of a month's fee; null for a charge. */
  month: string | null;
  charge_id: string | null;
  amount: number;
}

/** The last receipt number given in each account; held while a payment is written. */
export interface PaymentCountersTable {
  account_id: string;
  last_receipt_no: number;
}

/**
 * Each student's dues totals per account for the dues list (migration 0020): a cache of the
 * computation that the database marks stale on every write to what it reads. Fresh only while
 * `fresh_for` is this billing month (modules/fees/dues-summary.ts).
 */
export interface DuesSummariesTable {
  account_id: string;
  student_id: string;
  /** Raised by the triggers on every write to the student's sources. */
  version: Generated<number>;
  /** The billing month the row was computed for; null once stale. */
  fresh_for: string | null;
  /** 1 when the student has an accepted enrolment in the account (the list shows them). */
  listed: Generated<number>;
  name: Generated<string>;
  phone: Generated<string>;
  custom_id: string | null;
  /** Name, phone and custom ID, each lower-cased, apart by U+001F (the list's search). */
  search_text: Generated<string>;
  /** ' id1 id2 ': the classrooms of the student's accepted enrolments in the account. */
  classroom_ids: Generated<string>;
  charged: Generated<number>;
  reduced: Generated<number>;
  paid: Generated<number>;
  due: Generated<number>;
  credit: Generated<number>;
  oldest_due_month: string | null;
  /** oldest_due_month, or '9999-12' when nothing is owed: the list's second sort key. */
  oldest_key: Generated<string>;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface FeesTables {
  dues_summaries: DuesSummariesTable;
  fee_charges: FeeChargesTable;
  fee_adjustments: FeeAdjustmentsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  payment_counters: PaymentCountersTable;
}
