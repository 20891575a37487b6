import { type DomainError, domainError, fail, ok, type Result } from '../messages';
import { toAsciiDigits } from '../text/digits';

/** Bangladesh Standard Time, UTC+6 all year (no daylight saving). */
export const BANGLADESH_TIME_ZONE = 'Asia/Dhaka';

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type DayName = (typeof DAY_NAMES)[number];

/**
 * 12-hour clock text such as `9:05 AM`. Accepts `HH:mm` / `HH:mm:ss` strings (classroom
 * timings) or a Date / epoch milliseconds, shown in the given time zone (Bangladesh by
 * default, so the server and every browser agree). Returns `''` for anything unreadable.
 */
export function formatTime12h(value: string | number | Date, timeZone = BANGLADESH_TIME_ZONE): string {
  let hours: number;
  let minutes: number;
  if (typeof value === 'string') {
    const match = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*$/.exec(toAsciiDigits(value));
    if (!match) return '';
    hours = Number(match[1]);
    minutes = Number(match[2]);
    if (hours > 23 || minutes > 59) return '';
  } else {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
    hours = Number(parts.find((p) => p.type === 'hour')?.value);
    minutes = Number(parts.find((p) => p.type === 'minute')?.value);
  }
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * Day of the week as JavaScript numbers it (Sunday 0 … Saturday 6). Case and surrounding
 * spaces are ignored and three-letter abbreviations (`Mon`) are accepted.
 */
export function dayIndex(name: string): Result<number, DomainError<'INVALID_DAY_NAME'>> {
  const wanted = name.trim().toLowerCase();
  const index = DAY_NAMES.findIndex((day) => {
    const lower = day.toLowerCase();
    return lower === wanted || (wanted.length === 3 && lower.startsWith(wanted));
  });
  return index === -1 ? fail(domainError('INVALID_DAY_NAME')) : ok(index);
}

/** A calendar date without a time zone: what DD-MM-YYYY fields hold (dates of birth). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Reads `DD-MM-YYYY` (also with `/` or `.`, one-digit day or month, Bangla digits). Returns
 * null for text that is not a real date, such as 31-02-2024.
 */
export function parseDmy(text: string): CalendarDate | null {
  const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(toAsciiDigits(text));
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/**
 * Writes a date as `DD-MM-YYYY`. A CalendarDate is written as is; a Date or epoch milliseconds
 * is read in the given time zone (Bangladesh by default). Returns `''` when unreadable.
 */
export function formatDmy(value: CalendarDate | Date | number, timeZone = BANGLADESH_TIME_ZONE): string {
  let date: CalendarDate;
  if (typeof value === 'number' || value instanceof Date) {
    const instant = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(instant.getTime())) return '';
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    date = { year: part('year'), month: part('month'), day: part('day') };
  } else {
    date = value;
  }
  if (!isRealDate(date)) return '';
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  return `${dd}-${mm}-${String(date.year).padStart(4, '0')}`;
}
