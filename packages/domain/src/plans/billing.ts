import type { PlanRow } from './plans';

// Paying the platform (spec part 1 §9 pricing: a plan's price is per student per month; SMS are
// bought in advance): what a plan for some months or an SMS pack costs, from the plan table and
// the billing settings platform staff edit. The server computes every amount with these; the
// browser only shows them.

/** Billing settings (one row, edited by platform staff). */
export interface BillingSettings {
  /** Days a paid plan keeps working after its end date before the account falls back to Lite. */
  graceDays: number;
  /** Days before the end date the renewal reminder (SMS and e-mail) goes out. */
  reminderDays: number;
  /** A plan is billed for at least this many students (a new account has none yet). */
  minimumBilledStudents: number;
  /** The periods (months) a plan can be bought for. */
  periods: number[];
  /** SMS pack sizes on sale. */
  smsPacks: number[];
  /** Price of one SMS in a pack, paisa. */
  smsPricePaisa: number;
}

/** Part 1 §10: the default SMS rate is 0.43 taka. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  graceDays: 7,
  reminderDays: 7,
  minimumBilledStudents: 10,
  periods: [1, 3, 6, 12],
  smsPacks: [1000, 5000, 10000],
  smsPricePaisa: 43,
};

const DAY_MS = 86_400_000;

/** Whether a plan can be bought online: published price, not quoted on request, not free. */
export function planForSale(plan: Pick<PlanRow, 'pricePerStudentPaisa' | 'quotedOnRequest'>): boolean {
  return !plan.quotedOnRequest && plan.pricePerStudentPaisa !== null && plan.pricePerStudentPaisa > 0;
}

export interface Quote {
  listPaisa: number;
  discountPaisa: number;
  amountPaisa: number;
}

function discounted(listPaisa: number, discountPercent: number): Quote {
  const discountPaisa = Math.round((listPaisa * discountPercent) / 100);
  return { listPaisa, discountPaisa, amountPaisa: listPaisa - discountPaisa };
}

/** A plan for `months`: price per student per month × billed students × months, less the discount. */
export function planQuote(
  pricePerStudentPaisa: number,
  students: number,
  months: number,
  settings: Pick<BillingSettings, 'minimumBilledStudents'>,
  discountPercent = 0,
): Quote {
  const billed = Math.max(students, settings.minimumBilledStudents);
  return discounted(pricePerStudentPaisa * billed * months, discountPercent);
}

/** An SMS pack: its size × the price of one SMS, less the discount. */
export function smsPackQuote(
  count: number,
  settings: Pick<BillingSettings, 'smsPricePaisa'>,
  discountPercent = 0,
) {
  return discounted(count * settings.smsPricePaisa, discountPercent);
}

/** Adds calendar months (UTC) to a time, keeping the time of day; the 31st becomes the month's last day. */
export function addPlanMonths(time: number, months: number): number {
  const d = new Date(time);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * Where a paid period starts: renewing the plan in force extends from its current end; a new
 * plan, or one that has ended (its grace included), starts now.
 */
export function periodStart(
  now: number,
  current: { planId: string; endsAt: number | null },
  planId: string,
): number {
  if (current.planId === planId && current.endsAt !== null && current.endsAt > now) return current.endsAt;
  return now;
}

/** The last moment a plan still works: its end date plus the grace period. */
export function graceEnd(endsAt: number, graceDays: number): number {
  return endsAt + graceDays * DAY_MS;
}
