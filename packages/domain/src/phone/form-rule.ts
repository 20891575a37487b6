import { type DomainError, domainError } from '../messages';
import { digitsOf, toAsciiDigits } from '../text/digits';
import { stripDuplicateMark } from './normalize';

export type PhoneErrorCode =
  | 'PHONE_ZERO_AFTER_COUNTRY_CODE'
  | 'PHONE_MUST_BE_13_DIGITS'
  | 'PHONE_MUST_BE_11_DIGITS'
  | 'PHONE_MUST_BE_10_DIGITS'
  | 'PHONE_INVALID_FORMAT';

export type PhoneError = DomainError<PhoneErrorCode>;

export interface PhoneFormOptions {
  /** Student phones may end with the duplicate mark `D`; the rule ignores it. */
  readonly student?: boolean;
}

// What people legitimately put around the digits of a phone number. A letter anywhere else
// means the value is not a phone number, so it gets the general format message.
const PHONE_PUNCTUATION = /^[+\d\s\-().]*$/;

/**
 * The form rule for Bangladeshi phones. Empty input is accepted: whether the field is required
 * is a separate rule, so optional phone fields can share this one.
 */
export function phoneFormError(value: string, options: PhoneFormOptions = {}): PhoneError | null {
  let text = toAsciiDigits(value).trim();
  if (options.student) text = stripDuplicateMark(text);
  if (text === '') return null;
  if (!PHONE_PUNCTUATION.test(text)) return domainError('PHONE_INVALID_FORMAT');
  const digits = digitsOf(text);
  if (digits.startsWith('8800')) return domainError('PHONE_ZERO_AFTER_COUNTRY_CODE');
  if (digits.startsWith('8801')) return digits.length === 13 ? null : domainError('PHONE_MUST_BE_13_DIGITS');
  if (digits.startsWith('01')) return digits.length === 11 ? null : domainError('PHONE_MUST_BE_11_DIGITS');
  if (digits.startsWith('1')) return digits.length === 10 ? null : domainError('PHONE_MUST_BE_10_DIGITS');
  return domainError('PHONE_INVALID_FORMAT');
}

export type PhoneInputStatus = 'success' | 'error' | '';

export interface PhoneInputStatusOptions {
  /**
   * `true` (default) while the user is still typing: 10–13 digits that do not yet form a number
   * show nothing, because the next keystroke may complete them. `false` once the field settles
   * (blur, submit): anything that is not a complete number is an error.
   */
  readonly typing?: boolean;
}

/** True for the three complete shapes: 13 digits 8801…, 11 digits 01…, 10 digits 1…. */
export function isCompletePhoneDigits(digits: string): boolean {
  return (
    (digits.length === 13 && digits.startsWith('8801')) ||
    (digits.length === 11 && digits.startsWith('01')) ||
    (digits.length === 10 && digits.startsWith('1'))
  );
}

/** The drawer's inline status for a phone field (Ant Design `validateStatus`). */
export function phoneInputStatus(value: string, options: PhoneInputStatusOptions = {}): PhoneInputStatus {
  const digits = digitsOf(value);
  if (digits === '') return '';
  if (isCompletePhoneDigits(digits)) return 'success';
  if (options.typing === false) return 'error';
  return digits.length < 10 || digits.length > 13 ? 'error' : '';
}
