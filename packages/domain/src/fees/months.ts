import { BANGLADESH_TIME_ZONE } from '../time/time';

// Billing months (issue 15): fees are owed per calendar month in Bangladesh time, written
// `YYYY-MM` like a classroom's collection month (contracts/classroom.ts). Strings of this shape
// sort in time order, so comparisons are plain string comparisons.

export type BillingMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The most months one enrolment is billed for: twenty years, so bad data cannot run away. */
export const MAX_BILLED_MONTHS = 240;

export function isBillingMonth(text: string): text is BillingMonth {
  return MONTH.test(text);
}

/** The billing month an instant falls in, in Bangladesh time unless told otherwise. */
export function monthOf(epochMs: number, timeZone = BANGLADESH_TIME_ZONE): BillingMonth {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** `month` moved by `count` months (negative goes back). */
export function addMonths(month: BillingMonth, count: number): BillingMonth {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`not a billing month: ${month}`);
  const index = Number(match[1]) * 12 + (Number(match[2]) - 1) + count;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, both included; empty when `last` is before `first`. */
export function monthsFrom(first: BillingMonth, last: BillingMonth): BillingMonth[] {
  const months: BillingMonth[] = [];
  for (let month = first; month <= last && months.length < MAX_BILLED_MONTHS; month = addMonths(month, 1)) {
    months.push(month);
  }
  return months;
}

/**
 * The first month an enrolment owes: the month the student was accepted, or the classroom's
 * collection month when that is later (a batch that starts collecting in January bills a
 * December joiner from January).
 */
export function firstBilledMonth(acceptedAt: number, collectionMonth: BillingMonth | null): BillingMonth {
  const joined = monthOf(acceptedAt);
  return collectionMonth && collectionMonth > joined ? collectionMonth : joined;
}
