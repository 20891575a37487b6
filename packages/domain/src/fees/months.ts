import { BANGLADESH_TIME_ZONE } from '../time/time';

// Billing months: fees are owed per calendar month in Bangladesh time, written
// `YYYY-MM` like a classroom's collection month (contracts/classroom.ts). Strings of this shape
// sort in time order, so comparisons are plain string comparisons.

export type BillingMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The most months one enrolment is billed for: twenty years, so bad data cannot run away. */
export const MAX_BILLED_MONTHS = 240;

export function isBillingMonth(text: string): text is BillingMonth {
  return MONTH.test(text);
}

// Making a DateTimeFormat costs far more than using one; a dues list reads thousands of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Bangladesh has kept UTC+6 without daylight saving since 2010 (it tried it in the second half of
 * 2009), so from then on its month is plain arithmetic, far faster than asking Intl.
 */
const BANGLADESH_FIXED_SINCE = Date.UTC(2010, 0, 1);
const SIX_HOURS = 6 * 3_600_000;

const monthText = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** The billing month an instant falls in, in Bangladesh time unless told otherwise. */
export function monthOf(epochMs: number, timeZone = BANGLADESH_TIME_ZONE): BillingMonth {
  if (timeZone === BANGLADESH_TIME_ZONE && epochMs >= BANGLADESH_FIXED_SINCE) {
    const local = new Date(epochMs + SIX_HOURS);
    return monthText(local.getUTCFullYear(), local.getUTCMonth() + 1);
  }
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

function indexOf(month: BillingMonth): number {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`not a billing month: ${month}`);
  return Number(match[1]) * 12 + (Number(match[2]) - 1);
}

const monthAt = (index: number) => monthText(Math.floor(index / 12), (index % 12) + 1);

/** `month` moved by `count` months (negative goes back). */
export function addMonths(month: BillingMonth, count: number): BillingMonth {
  return monthAt(indexOf(month) + count);
}

/** Every month from `first` to `last`, both included; empty when `last` is before `first`. */
export function monthsFrom(first: BillingMonth, last: BillingMonth): BillingMonth[] {
  const start = indexOf(first);
  const count = Math.min(indexOf(last) - start + 1, MAX_BILLED_MONTHS);
  return Array.from({ length: Math.max(0, count) }, (_, i) => monthAt(start + i));
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
