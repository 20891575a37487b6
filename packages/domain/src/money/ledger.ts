import { type AdjustmentKind, type DuesAllocation, type DuesCharge, studentDues } from '../fees/dues';
import type { BillingMonth } from '../fees/months';

// The money manager's arithmetic (spec part 2 §3 "Financial summary"). The
// server reads grouped sums from the database; these functions say what each figure means, so
// the summary cards, the daily breakdown and the charts all agree. Amounts are whole paisa.

export const MONEY_ENTRY_KINDS = ['income', 'expense'] as const;
export type MoneyEntryKind = (typeof MONEY_ENTRY_KINDS)[number];

/**
 * The categories offered for manual entries; the web shows them translated (namespace `money`).
 * Any other text is a custom category of the account and is shown as written.
 */
export const DEFAULT_MONEY_CATEGORIES: Readonly<Record<MoneyEntryKind, readonly string[]>> = {
  income: ['donation', 'grant', 'book-sales', 'materials', 'event', 'other-income'],
  expense: [
    'rent',
    'salaries',
    'utilities',
    'internet',
    'stationery',
    'printing',
    'marketing',
    'transport',
    'maintenance',
    'refreshments',
    'other-expense',
  ],
};

/** Whether a category is one of the built-in ones (translated) rather than the account's own. */
export function isDefaultMoneyCategory(kind: MoneyEntryKind, category: string): boolean {
  return DEFAULT_MONEY_CATEGORIES[kind].includes(category);
}

/** The sums behind a summary, for one range of days. */
export interface MoneyTotalsInput {
  /** Payments received that stand (voided ones count for nothing), refunds apart. */
  readonly collectedPaisa: number;
  /** Money given back by refunds that stand, as a positive amount. */
  readonly refundedPaisa: number;
  /** What waivers and discounts granted in the range took off students' fees (waivedValuePaisa). */
  readonly waivedPaisa: number;
  /** Manual income entries. */
  readonly manualIncomePaisa: number;
  /** Manual expense entries. */
  readonly expensePaisa: number;
  /** Net of refunds, what payments put against monthly fees. */
  readonly tuitionPaisa: number;
  /** Net of refunds, what payments put against special payments (exam fee, books…). */
  readonly otherFeesPaisa: number;
}

/** The financial summary of spec part 2 §3. */
export interface MoneySummary {
  /** Payments collected (net of voids) plus manual income. */
  readonly totalIncomePaisa: number;
  readonly totalExpensePaisa: number;
  /** Net income less expenses. */
  readonly netProfitPaisa: number;
  readonly totalCollectedPaisa: number;
  readonly totalRefundedPaisa: number;
  readonly totalWaivedPaisa: number;
  /** Total income less refunds: what the institution kept. */
  readonly netIncomePaisa: number;
  readonly manualIncomePaisa: number;
  readonly tuitionPaisa: number;
  readonly otherFeesPaisa: number;
}

/** Each figure of the summary from the range's sums. */
export function moneySummary(input: MoneyTotalsInput): MoneySummary {
  const totalIncomePaisa = input.collectedPaisa + input.manualIncomePaisa;
  const netIncomePaisa = totalIncomePaisa - input.refundedPaisa;
  return {
    totalIncomePaisa,
    totalExpensePaisa: input.expensePaisa,
    netProfitPaisa: netIncomePaisa - input.expensePaisa,
    totalCollectedPaisa: input.collectedPaisa,
    totalRefundedPaisa: input.refundedPaisa,
    totalWaivedPaisa: input.waivedPaisa,
    netIncomePaisa,
    manualIncomePaisa: input.manualIncomePaisa,
    tuitionPaisa: input.tuitionPaisa,
    otherFeesPaisa: input.otherFeesPaisa,
  };
}

/**
 * What one adjustment forgave: a waiver the whole monthly fee, a discount its amount (never more
 * than the fee); a month marked not billable was never owed, so it forgives nothing.
 */
export function waivedValuePaisa(adjustment: {
  kind: AdjustmentKind;
  amountPaisa: number;
  monthlyFeePaisa: number;
}): number {
  const fee = Math.max(0, adjustment.monthlyFeePaisa);
  if (adjustment.kind === 'waiver') return fee;
  if (adjustment.kind === 'discount') return Math.min(Math.max(0, adjustment.amountPaisa), fee);
  return 0;
}

/** A grouped sum of one kind of money in one bucket (a day or a month). */
export interface MoneyBucketSum {
  readonly key: string;
  readonly kind: 'collected' | 'refunded' | 'income' | 'expense';
  readonly paisa: number;
}

export interface MoneyBucket {
  readonly key: string;
  /** Collected less refunded, plus manual income: the bucket's share of net income. */
  readonly incomePaisa: number;
  readonly expensePaisa: number;
  readonly netPaisa: number;
}

/**
 * The daily breakdown and the chart series: one row per key, in the keys' order, zero where
 * nothing happened; sums on keys outside the list are left out. Their nets add up to the
 * summary's net profit over the same range.
 */
export function moneyBuckets(keys: readonly string[], sums: readonly MoneyBucketSum[]): MoneyBucket[] {
  const income = new Map<string, number>();
  const expense = new Map<string, number>();
  for (const sum of sums) {
    if (sum.kind === 'expense') expense.set(sum.key, (expense.get(sum.key) ?? 0) + sum.paisa);
    else {
      const signed = sum.kind === 'refunded' ? -sum.paisa : sum.paisa;
      income.set(sum.key, (income.get(sum.key) ?? 0) + signed);
    }
  }
  return keys.map((key) => {
    const incomePaisa = income.get(key) ?? 0;
    const expensePaisa = expense.get(key) ?? 0;
    return { key, incomePaisa, expensePaisa, netPaisa: incomePaisa - expensePaisa };
  });
}

/** Collected ÷ billed as a fraction (0.875), or null when nothing was billed. */
export function collectionRate(collectedPaisa: number, billedPaisa: number): number | null {
  if (billedPaisa <= 0) return null;
  return Math.round((collectedPaisa / billedPaisa) * 10_000) / 10_000;
}

export interface CollectionEnrolment {
  readonly studentId: string;
  readonly classroomId: string;
  readonly monthlyFeePaisa: number;
  /** firstBilledMonth of the enrolment. */
  readonly firstMonth: BillingMonth;
}

export interface CollectionInput {
  readonly month: BillingMonth;
  readonly enrolments: readonly CollectionEnrolment[];
  /** Adjustments in force on that month. */
  readonly adjustments: readonly {
    studentId: string;
    classroomId: string;
    kind: AdjustmentKind;
    amountPaisa: number;
  }[];
  /** Classroom charges (exam fee…) falling due that month; a student's own charges are left out. */
  readonly charges: readonly DuesCharge[];
  /** Allocations of standing payments to that month or to those charges, whenever paid. */
  readonly allocations: readonly (DuesAllocation & { studentId: string })[];
}

export interface ClassroomCollection {
  readonly classroomId: string;
  /** Students billed that month. */
  readonly students: number;
  /** What the month's fees and classroom charges ask after waivers and discounts. */
  readonly billedPaisa: number;
  /** What has been paid of it (an overpayment counts up to what was billed). */
  readonly collectedPaisa: number;
  readonly rate: number | null;
}

/**
 * The collection rate of each classroom for one month, by the dues rules (fees/dues.ts): each
 * enrolment billed that month owes its fee less adjustments, plus the classroom's charges due then.
 */
export function classroomCollection(input: CollectionInput): ClassroomCollection[] {
  const rooms = new Map<string, { students: number; billed: number; collected: number }>();
  // Grouped by student once: an account's month has thousands of enrolments and payments.
  const adjustments = groupBy(input.adjustments, (a) => a.studentId);
  const allocations = groupBy(input.allocations, (a) => a.studentId);
  for (const e of input.enrolments) {
    if (e.firstMonth > input.month) continue;
    const { lines } = studentDues({
      enrolments: [
        {
          classroomId: e.classroomId,
          monthlyFeePaisa: e.monthlyFeePaisa,
          firstMonth: input.month,
          lastMonth: null,
        },
      ],
      adjustments: (adjustments.get(e.studentId) ?? [])
        .filter((a) => a.studentId === e.studentId && a.classroomId === e.classroomId)
        .map((a) => ({
          classroomId: a.classroomId,
          month: input.month,
          kind: a.kind,
          amountPaisa: a.amountPaisa,
        })),
      charges: input.charges.filter((c) => c.classroomId === e.classroomId && c.month === input.month),
      allocations: allocations.get(e.studentId) ?? [],
      throughMonth: input.month,
    });
    const room = rooms.get(e.classroomId) ?? { students: 0, billed: 0, collected: 0 };
    room.students += 1;
    for (const l of lines) {
      if (l.month !== input.month) continue;
      const owed = l.chargedPaisa - l.reducedPaisa;
      room.billed += owed;
      room.collected += Math.min(Math.max(0, l.paidPaisa), owed);
    }
    rooms.set(e.classroomId, room);
  }
  return [...rooms].map(([classroomId, r]) => ({
    classroomId,
    students: r.students,
    billedPaisa: r.billed,
    collectedPaisa: r.collected,
    rate: collectionRate(r.collected, r.billed),
  }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
