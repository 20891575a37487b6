// Fees and payments (issue 15; migration 0018), apart from schema.ts so it stays short. Amounts
// are whole paisa. What a student owes is never stored: it is computed from these rows and the
// enrolments (packages/domain/src/fees/dues.ts).

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

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface FeesTables {
  fee_charges: FeeChargesTable;
  fee_adjustments: FeeAdjustmentsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  payment_counters: PaymentCountersTable;
}
