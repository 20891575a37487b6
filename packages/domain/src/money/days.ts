import { addMonths, type BillingMonth, monthsFrom } from '../fees/months';

// Days of the money manager: "Today", "Yesterday" and custom ranges are
// calendar days in Bangladesh time, written `YYYY-MM-DD`, so they sort as plain strings. Bangladesh
// has kept UTC+6 without daylight saving since 2010 (fees/months.ts), so a day is plain arithmetic
// and the database can group instants by day with integer division (see dayNumberOf).

export type BangladeshDay = string;

const DAY_MS = 86_400_000;
const SIX_HOURS = 6 * 3_600_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD` (`2026-02-30` is not one). */
export function isBangladeshDay(text: string): text is BangladeshDay {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The number of the Bangladesh day an instant falls in, counted from 1970-01-01: what SQL computes
 * as `(at + 21600000) / 86400000` on whole milliseconds.
 */
export function dayNumberOf(epochMs: number): number {
  return Math.floor((epochMs + SIX_HOURS) / DAY_MS);
}

/** The day a day number names. */
export function dayFromNumber(dayNumber: number): BangladeshDay {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The Bangladesh day an instant falls in. */
export function dayOf(epochMs: number): BangladeshDay {
  return dayFromNumber(dayNumberOf(epochMs));
}

/** Midnight at the start of a Bangladesh day, in ms since the epoch. */
export function dayStartMs(day: BangladeshDay): number {
  return Date.parse(`${day}T00:00:00Z`) - SIX_HOURS;
}

/** The first moment after `now` that the Bangladesh wall clock shows `hour`:00 (daily jobs run at one). */
export function nextBangladeshHour(now: number, hour: number): number {
  const today = dayStartMs(dayOf(now)) + hour * 3_600_000;
  return today > now ? today : today + DAY_MS;
}

/** `day` moved by `count` days (negative goes back). */
export function addDays(day: BangladeshDay, count: number): BangladeshDay {
  return dayFromNumber(dayNumberOf(dayStartMs(day)) + count);
}

/** How many days from `from` to `to`, both counted; 0 when `to` is before `from`. */
export function daysInRange(from: BangladeshDay, to: BangladeshDay): number {
  return Math.max(0, dayNumberOf(dayStartMs(to)) - dayNumberOf(dayStartMs(from)) + 1);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: BangladeshDay, to: BangladeshDay): BangladeshDay[] {
  const first = dayNumberOf(dayStartMs(from));
  return Array.from({ length: daysInRange(from, to) }, (_, i) => dayFromNumber(first + i));
}

/** The instants of a range of days: from the first midnight, up to (not including) the one after. */
export function rangeBounds(from: BangladeshDay, to: BangladeshDay): { startMs: number; endMs: number } {
  return { startMs: dayStartMs(from), endMs: dayStartMs(addDays(to, 1)) };
}

/** Ranges up to this many days chart day by day; longer ones month by month. */
export const SERIES_DAILY_MAX_DAYS = 62;

export type SeriesUnit = 'day' | 'month';

/** The buckets of a chart over a range: its days, or its months when the range is long. */
export function seriesBuckets(
  from: BangladeshDay,
  to: BangladeshDay,
): { unit: SeriesUnit; keys: (BangladeshDay | BillingMonth)[] } {
  if (daysInRange(from, to) <= SERIES_DAILY_MAX_DAYS) return { unit: 'day', keys: daysFrom(from, to) };
  return { unit: 'month', keys: monthsFrom(from.slice(0, 7), to.slice(0, 7)) };
}

/** The bucket a day falls in. */
export function bucketOf(day: BangladeshDay, unit: SeriesUnit): string {
  return unit === 'day' ? day : day.slice(0, 7);
}

/** The first day of a billing month and its last, e.g. for a month's chart. */
export function monthDays(month: BillingMonth): { from: BangladeshDay; to: BangladeshDay } {
  return { from: `${month}-01`, to: addDays(`${addMonths(month, 1)}-01`, -1) };
}
