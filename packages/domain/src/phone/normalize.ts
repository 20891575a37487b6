import { digitsOf, toAsciiDigits } from '../text/digits';

export const BD_COUNTRY_CODE = '+880';
/** Length of a valid normalised number: `+880` followed by 10 digits. */
export const BD_PHONE_LENGTH = 14;
/** Digits kept after the country code. */
const NATIONAL_DIGITS = 10;

export interface NormalizeBdPhoneOptions {
  /**
   * Keep a trailing `D`/`d` (written back as `D`). Student phones use it to mark an intentional
   * duplicate (siblings sharing a parent's phone), so it must survive normalising there.
   */
  readonly keepDuplicateMark?: boolean;
}

/** True when the value ends with the duplicate mark `D`/`d` (surrounding spaces ignored). */
export function hasDuplicateMark(value: string): boolean {
  return /[dD]\s*$/.test(value);
}

/** Removes one trailing duplicate mark `D`/`d`; other text is unchanged. */
export function stripDuplicateMark(value: string): string {
  return value.replace(/[dD]\s*$/, '').trimEnd();
}

/**
 * The shared normaliser: `+880` followed by at most 10 digits. Non-digits are stripped, an
 * `880` prefix loses its country code, an `0` trunk prefix (01…) or a bare `1…` keeps what
 * follows, and zeros right after the country code are dropped (people write `+880 01…`).
 * Input without any digit normalises to the empty string, so an empty field stays empty.
 */
export function normalizeBdPhone(raw: string, options: NormalizeBdPhoneOptions = {}): string {
  const mark = options.keepDuplicateMark === true && hasDuplicateMark(raw) ? 'D' : '';
  const digits = digitsOf(raw);
  if (digits === '') return '';
  const national = digits.startsWith('880') ? digits.slice(3) : digits;
  const kept = national.replace(/^0+/, '').slice(0, NATIONAL_DIGITS);
  return `${BD_COUNTRY_CODE}${kept}${mark}`;
}

/** Valid only at 14 characters: `+880` and 10 digits. */
export function isValidBdPhone(phone: string): boolean {
  return phone.length === BD_PHONE_LENGTH && /^\+880\d{10}$/.test(phone);
}

/**
 * Several numbers typed in one box, separated by commas, semicolons or whitespace. Only valid
 * numbers are kept, normalised, in the order given.
 */
export function splitPhones(text: string): string[] {
  return toAsciiDigits(text)
    .split(/[,;\s\u060C\u3001]+/)
    .map((piece) => normalizeBdPhone(piece))
    .filter(isValidBdPhone);
}
