import { toAsciiDigits } from '../text/digits';
import { findCurrency } from './currencies';

export const TAKA_SIGN = '৳';
/** The taka in the plain (ASCII-only) form, for SMS and spreadsheets. */
export const TAKA_PLAIN = 'TK';
/** Shown instead of an amount that is not a number. */
export const UNKNOWN_AMOUNT = 'Unknown';

const TAKA_ALIASES = new Set(['BDT', 'TK', 'TAKA', TAKA_SIGN]);

export interface FormatMoneyOptions {
  /** ASCII-only output: `TK` instead of `৳`, the ISO code instead of other symbols. */
  readonly plain?: boolean;
  /** Leave the symbol out and return only the grouped number. */
  readonly noSymbol?: boolean;
}

/** Whether a currency argument means the Bangladeshi taka (`BDT`, `TK`, `taka`, `৳`). */
export function isTaka(currency: string): boolean {
  return TAKA_ALIASES.has(currency.trim().toUpperCase());
}

/**
 * Groups the integer digits: Bangladesh style for taka (last three digits, then pairs:
 * 12,34,567), thousands otherwise (1,234,567).
 */
export function groupDigits(integerDigits: string, bangladeshStyle: boolean): string {
  if (!bangladeshStyle) return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (integerDigits.length <= 3) return integerDigits;
  const head = integerDigits.slice(0, -3);
  const tail = integerDigits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`;
}

interface DecimalParts {
  readonly negative: boolean;
  readonly integer: string;
  readonly fraction: string;
}

// Works on the decimal text rather than on floats, so "1234.567" shows "1,234.56" (trimmed,
// never rounded up into a different taka amount) and huge amounts keep every digit.
function toDecimalParts(amount: unknown): DecimalParts | null {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return null;
    const abs = Math.abs(amount);
    if (abs >= 1e21) text = BigInt(Math.trunc(amount)).toString();
    else if (/e/i.test(String(amount))) text = amount.toFixed(20).replace(/\.?0+$/, '');
    else text = String(amount);
  } else if (typeof amount === 'bigint') {
    text = amount.toString();
  } else if (typeof amount === 'string') {
    text = toAsciiDigits(amount).trim().replace(/,/g, '');
  } else {
    return null;
  }
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const integer = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').slice(0, 2);
  const negative = match[1] === '-' && /[1-9]/.test(integer + fraction);
  return { negative, integer, fraction };
}

function symbolFor(currency: string, plain: boolean): string {
  if (isTaka(currency)) return plain ? TAKA_PLAIN : TAKA_SIGN;
  const found = findCurrency(currency);
  if (!found) return currency.trim().toUpperCase();
  return plain ? found.code : found.symbol;
}

/**
 * Formats an amount with its currency symbol: `formatMoney(1234567)` → `৳12,34,567`. Numbers
 * and numeric strings (Bangla digits and existing commas allowed) are accepted; anything else
 * gives `Unknown`. Decimals are trimmed to two places. An alphabetic symbol is separated by a
 * space (`TK 1,200`, `CHF 10.5`); a sign is not (`৳1,200`, `$10`). Never throws.
 */
export function formatMoney(amount: unknown, currency = 'BDT', options: FormatMoneyOptions = {}): string {
  const parts = toDecimalParts(amount);
  if (!parts) return UNKNOWN_AMOUNT;
  const grouped = groupDigits(parts.integer, isTaka(currency));
  const number = parts.fraction === '' ? grouped : `${grouped}.${parts.fraction}`;
  const sign = parts.negative ? '-' : '';
  if (options.noSymbol) return `${sign}${number}`;
  const symbol = symbolFor(currency, options.plain === true);
  const gap = /\p{L}$/u.test(symbol) ? ' ' : '';
  return `${sign}${symbol}${gap}${number}`;
}
