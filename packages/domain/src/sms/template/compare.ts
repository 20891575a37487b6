import { toAsciiDigits } from '../../text/digits';
import { parseDmy } from '../../time/time';
import type { ComparisonOperator } from './parse';

const DAY_MS = 86_400_000;
/** Excel's serial number for 1970-01-01 (its day 0 is 1899-12-30). */
const EXCEL_EPOCH_OFFSET = 25_569;
/** Serial numbers of spreadsheet dates between 1900 and 9999. */
const EXCEL_MAX_SERIAL = 2_958_465;

export interface CompareContext {
  /** Current time in epoch milliseconds, for NOW. */
  readonly now: number;
  /** Offset of the local calendar from UTC in minutes; Bangladesh is +360. */
  readonly utcOffsetMinutes: number;
}

function toNumber(text: string): number | null {
  const t = toAsciiDigits(text).trim().replace(/,/g, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** `NOW`, `NOW+3`, `now - 7` (days): the local calendar day, shifted. */
function nowDay(text: string, context: CompareContext): number | null {
  const match = /^now\s*(?:([+-])\s*(\d+))?$/i.exec(text.trim());
  if (!match) return null;
  const today = Math.floor((context.now + context.utcOffsetMinutes * 60_000) / DAY_MS);
  const shift = match[2] ? Number(match[2]) * (match[1] === '-' ? -1 : 1) : 0;
  return today + shift;
}

/**
 * A value as a calendar day number (days since 1970-01-01): NOW(±days), DD-MM-YYYY,
 * YYYY-MM-DD, a spreadsheet date serial, or epoch milliseconds. Null when it is not a date.
 */
export function toDayNumber(text: string, context: CompareContext): number | null {
  const now = nowDay(text, context);
  if (now !== null) return now;
  const dmy = parseDmy(text);
  if (dmy) return Date.UTC(dmy.year, dmy.month - 1, dmy.day) / DAY_MS;
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(toAsciiDigits(text));
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    const ms = Date.UTC(year, month - 1, day);
    const check = new Date(ms);
    return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? ms / DAY_MS : null;
  }
  const n = toNumber(text);
  if (n === null) return null;
  if (n >= 1 && n <= EXCEL_MAX_SERIAL) return Math.floor(n) - EXCEL_EPOCH_OFFSET;
  if (n >= 1e11) return Math.floor((n + context.utcOffsetMinutes * 60_000) / DAY_MS);
  return null;
}

function order(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function holds(op: ComparisonOperator, cmp: number): boolean {
  switch (op) {
    case '=':
    case 'on':
      return cmp === 0;
    case '!=':
      return cmp !== 0;
    case '>':
    case 'after':
      return cmp > 0;
    case '<':
    case 'before':
      return cmp < 0;
    case '>=':
      return cmp >= 0;
    case '<=':
      return cmp <= 0;
  }
}

/**
 * Evaluates `left op right`. Date operators (on/after/before) and any comparison with NOW
 * compare calendar days. Otherwise two numbers compare as numbers; `=` and `!=` fall back to
 * text equality ignoring case and surrounding spaces; `>`/`<` between non-numbers try dates
 * and otherwise do not hold, so an unreadable value never sends a message by accident.
 */
export function compareValues(
  left: string,
  op: ComparisonOperator,
  right: string,
  context: CompareContext,
): boolean {
  const dateOp = op === 'on' || op === 'after' || op === 'before';
  const mentionsNow = nowDay(right, context) !== null || nowDay(left, context) !== null;
  if (dateOp || mentionsNow) {
    const a = toDayNumber(left, context);
    const b = toDayNumber(right, context);
    return a !== null && b !== null && holds(op, order(a, b));
  }
  const a = toNumber(left);
  const b = toNumber(right);
  if (a !== null && b !== null) return holds(op, order(a, b));
  if (op === '=' || op === '!=') {
    const same = left.trim().toLowerCase() === right.trim().toLowerCase();
    return op === '=' ? same : !same;
  }
  const da = toDayNumber(left, context);
  const db = toDayNumber(right, context);
  return da !== null && db !== null && holds(op, order(da, db));
}
