import { type BillingMonth, monthsFrom } from './months';

// What a student owes, computed every time from enrolments, fees, adjustments,
// charges and payments: never a stored running balance that could drift from them. Amounts are
// whole paisa.

/**
 * One enrolment of the student: its monthly fee (the student's override, else the classroom's).
 * A student is enrolled in a classroom at most once, so the classroom names the enrolment, and
 * payments made before a removal still count if the student comes back.
 */
export interface DuesEnrolment {
  readonly classroomId: string;
  readonly monthlyFeePaisa: number;
  /** firstBilledMonth(acceptedAt, classroom collection month). */
  readonly firstMonth: BillingMonth;
  /** The last month owed when the student left (removed or archived); null while enrolled. */
  readonly lastMonth: BillingMonth | null;
}

export const ADJUSTMENT_KINDS = ['waiver', 'discount', 'not-billable'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * A change to one month of one enrolment, always with a reason (kept by the caller): a waiver
 * forgives the month, a discount takes `amountPaisa` off it, and a month marked not billable
 * (a holiday, a month away) is not owed at all.
 */
export interface DuesAdjustment {
  readonly classroomId: string;
  readonly month: BillingMonth;
  readonly kind: AdjustmentKind;
  /** Discounts only. */
  readonly amountPaisa?: number;
}

/** A special payment (exam fee, admission fee, books) the student owes once. */
export interface DuesCharge {
  readonly chargeId: string;
  readonly label: string;
  readonly amountPaisa: number;
  /** The month it falls due. */
  readonly month: BillingMonth;
  /** The classroom it belongs to, or null for one charged to the student alone. */
  readonly classroomId: string | null;
}

/**
 * Money put against one month or one charge by a payment that stands (voided payments are left
 * out by the caller); a refund is a negative allocation against what it refunds.
 */
export type DuesAllocation =
  | {
      readonly kind: 'month';
      readonly classroomId: string;
      readonly month: BillingMonth;
      readonly amountPaisa: number;
    }
  | { readonly kind: 'charge'; readonly chargeId: string; readonly amountPaisa: number };

export type DueStatus = 'paid' | 'partial' | 'due' | 'waived' | 'not-billable';

export interface DueLine {
  readonly kind: 'month' | 'charge';
  readonly chargeId: string | null;
  /** The classroom of a month line, or of a classroom's charge; null for a student's own charge. */
  readonly classroomId: string | null;
  readonly month: BillingMonth;
  /** A charge's label; empty for a month. */
  readonly label: string;
  /** The fee or the charge before adjustments. */
  readonly chargedPaisa: number;
  /** Taken off by a waiver or discounts. */
  readonly reducedPaisa: number;
  readonly paidPaisa: number;
  /** Still owed: never negative. */
  readonly duePaisa: number;
  /** Paid beyond what the line owes. */
  readonly creditPaisa: number;
  readonly status: DueStatus;
}

export interface DuesTotals {
  readonly chargedPaisa: number;
  readonly reducedPaisa: number;
  readonly paidPaisa: number;
  readonly duePaisa: number;
  readonly creditPaisa: number;
  /** The earliest month with something still owed, or null when nothing is. */
  readonly oldestDueMonth: BillingMonth | null;
}

export interface StudentDuesInput {
  readonly enrolments: readonly DuesEnrolment[];
  readonly adjustments: readonly DuesAdjustment[];
  readonly charges: readonly DuesCharge[];
  readonly allocations: readonly DuesAllocation[];
  /** The last month counted as owed so far (this month); later months show only when paid ahead. */
  readonly throughMonth: BillingMonth;
}

function statusOf(line: { owed: number; paid: number; waived: boolean; notBillable: boolean }): DueStatus {
  if (line.notBillable) return 'not-billable';
  if (line.owed === 0) return line.waived ? 'waived' : 'paid';
  if (line.paid >= line.owed) return 'paid';
  return line.paid > 0 ? 'partial' : 'due';
}

function line(
  base: Omit<DueLine, 'reducedPaisa' | 'paidPaisa' | 'duePaisa' | 'creditPaisa' | 'status'>,
  reduced: number,
  paid: number,
  flags: { waived: boolean; notBillable: boolean },
): DueLine {
  const owed = Math.max(0, base.chargedPaisa - reduced);
  return {
    ...base,
    reducedPaisa: base.chargedPaisa - owed,
    paidPaisa: paid,
    duePaisa: Math.max(0, owed - paid),
    creditPaisa: Math.max(0, paid - owed),
    status: statusOf({ owed, paid, ...flags }),
  };
}

const monthKey = (classroomId: string, month: BillingMonth) => `${classroomId} ${month}`;

function sumBy<T>(items: readonly T[], key: (item: T) => string, amount: (item: T) => number) {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + amount(item));
  return sums;
}

/**
 * A student's dues line by line: every month of every enrolment from its first billed month to
 * this month (or the month they left), any later month already paid for, and every charge due by
 * this month or paid ahead; oldest first. Adjustments on one month add up, a waiver or
 * not-billable mark outweighing discounts; a payment beyond what a line owes is its credit.
 */
export function studentDues(input: StudentDuesInput): { lines: DueLine[]; totals: DuesTotals } {
  const monthAllocations = input.allocations.filter((a) => a.kind === 'month');
  const paidMonths = sumBy(
    monthAllocations,
    (a) => monthKey(a.classroomId, a.month),
    (a) => a.amountPaisa,
  );
  const chargeAllocations = input.allocations.filter((a) => a.kind === 'charge');
  const paidCharges = sumBy(
    chargeAllocations,
    (a) => a.chargeId,
    (a) => a.amountPaisa,
  );
  const discounts = sumBy(
    input.adjustments.filter((a) => a.kind === 'discount'),
    (a) => monthKey(a.classroomId, a.month),
    (a) => Math.max(0, a.amountPaisa ?? 0),
  );
  const marked = (kind: AdjustmentKind) =>
    new Set(input.adjustments.filter((a) => a.kind === kind).map((a) => monthKey(a.classroomId, a.month)));
  const waived = marked('waiver');
  const notBillable = marked('not-billable');

  const lines: DueLine[] = [];
  for (const enrolment of input.enrolments) {
    const paidAhead = monthAllocations
      .filter((a) => a.classroomId === enrolment.classroomId && a.month > input.throughMonth)
      .map((a) => a.month);
    const owedUntil =
      enrolment.lastMonth && enrolment.lastMonth < input.throughMonth
        ? enrolment.lastMonth
        : input.throughMonth;
    const last = [owedUntil, ...paidAhead].reduce((a, b) => (b > a ? b : a));
    for (const month of monthsFrom(enrolment.firstMonth, last)) {
      const key = monthKey(enrolment.classroomId, month);
      const paid = paidMonths.get(key) ?? 0;
      if (month > owedUntil && paid === 0) continue;
      const flags = { waived: waived.has(key), notBillable: notBillable.has(key) };
      const reduced =
        flags.waived || flags.notBillable ? enrolment.monthlyFeePaisa : (discounts.get(key) ?? 0);
      lines.push(
        line(
          {
            kind: 'month',
            chargeId: null,
            classroomId: enrolment.classroomId,
            month,
            label: '',
            chargedPaisa: enrolment.monthlyFeePaisa,
          },
          reduced,
          paid,
          flags,
        ),
      );
    }
  }
  for (const charge of input.charges) {
    const paid = paidCharges.get(charge.chargeId) ?? 0;
    if (charge.month > input.throughMonth && paid === 0) continue;
    lines.push(
      line(
        {
          kind: 'charge',
          chargeId: charge.chargeId,
          classroomId: charge.classroomId,
          month: charge.month,
          label: charge.label,
          chargedPaisa: charge.amountPaisa,
        },
        0,
        paid,
        { waived: false, notBillable: false },
      ),
    );
  }
  lines.sort((a, b) =>
    a.month === b.month ? (a.kind === b.kind ? 0 : a.kind === 'month' ? -1 : 1) : a.month < b.month ? -1 : 1,
  );
  return { lines, totals: totalsOf(lines) };
}

export function totalsOf(lines: readonly DueLine[]): DuesTotals {
  const sum = (pick: (l: DueLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    chargedPaisa: sum((l) => l.chargedPaisa),
    reducedPaisa: sum((l) => l.reducedPaisa),
    paidPaisa: sum((l) => l.paidPaisa),
    duePaisa: sum((l) => l.duePaisa),
    creditPaisa: sum((l) => l.creditPaisa),
    oldestDueMonth: lines.find((l) => l.duePaisa > 0)?.month ?? null,
  };
}

/**
 * Puts an amount taken at the counter against what is owed, oldest line first (months before the
 * charges of the same month), each line up to what it still owes. Returns the allocations and
 * what is left over when the amount is more than all the dues (the caller decides: refuse it, or
 * keep it as an advance on a month it names).
 */
export function allocateOldestFirst(
  lines: readonly DueLine[],
  amountPaisa: number,
): { allocations: DuesAllocation[]; leftoverPaisa: number } {
  let left = Math.max(0, Math.trunc(amountPaisa));
  const allocations: DuesAllocation[] = [];
  for (const l of lines) {
    if (left === 0) break;
    const take = Math.min(left, l.duePaisa);
    if (take === 0) continue;
    left -= take;
    allocations.push(
      l.kind === 'month'
        ? { kind: 'month', classroomId: l.classroomId!, month: l.month, amountPaisa: take }
        : { kind: 'charge', chargeId: l.chargeId!, amountPaisa: take },
    );
  }
  return { allocations, leftoverPaisa: left };
}

/** A student on a dues list: who owes the most comes first, then who has owed the longest. */
export interface DuesListRow {
  readonly studentId: string;
  readonly name: string;
  readonly totals: DuesTotals;
}

export function defaultersFirst<T extends DuesListRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => {
    if (a.totals.duePaisa !== b.totals.duePaisa) return b.totals.duePaisa - a.totals.duePaisa;
    const oldA = a.totals.oldestDueMonth ?? '9999-12';
    const oldB = b.totals.oldestDueMonth ?? '9999-12';
    if (oldA !== oldB) return oldA < oldB ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}
