import { type DomainError, domainError } from '../messages';
import { textLength } from '../text/length';

// SMS counting and quota (part 1 §5, §8, §9). Lengths use textLength, where a Bangla character
// counts double: Bangla goes out as a Unicode SMS that holds about half as many characters.

/** Price per SMS part in taka when the account has no rate of its own. */
export const DEFAULT_SMS_RATE = 0.43;
/** A second rate constant of the original product; its use is not specified. */
export const ALTERNATE_SMS_RATE = 0.68;
/** Quota assumed when the account's quota is unknown. */
export const DEFAULT_SMS_QUOTA = 1000;
/** Characters in one SMS part. */
export const SMS_PART_LENGTH = 160;
/** Custom characters per SMS when counting welcome messages. */
export const WELCOME_SMS_CHARS_PER_SMS = 100;
/** Characters per SMS for texts built from a message template. */
export const TEMPLATE_CHARS_PER_SMS = 100;
/** Every individual (one-to-one) message is charged as this many SMS. */
export const INDIVIDUAL_MESSAGE_SMS_COUNT = 2;

function perPartOr(perPart: number, fallback: number): number {
  return Number.isFinite(perPart) && perPart > 0 ? perPart : fallback;
}

/** SMS parts needed for a text: length / perPart rounded up; 0 for empty text. */
export function smsParts(text: string, perPart = SMS_PART_LENGTH): number {
  return Math.ceil(textLength(text) / perPartOr(perPart, SMS_PART_LENGTH));
}

/**
 * SMS charged for one welcome message: its custom text counted at 100 characters per SMS by
 * default, and at least one, since the fixed welcome wording is always sent.
 */
export function welcomeSmsCount(customText: string, charsPerSms = WELCOME_SMS_CHARS_PER_SMS): number {
  return Math.max(1, Math.ceil(textLength(customText) / perPartOr(charsPerSms, WELCOME_SMS_CHARS_PER_SMS)));
}

/** SMS charged for individual messages to `recipients` people: 2 each. */
export function individualSmsCount(recipients: number): number {
  return Number.isFinite(recipients) && recipients > 0
    ? Math.floor(recipients) * INDIVIDUAL_MESSAGE_SMS_COUNT
    : 0;
}

/** The quota to use: the account's own when it is a number, otherwise the default 1000. */
export function effectiveSmsQuota(quota: unknown): number {
  const n = typeof quota === 'string' ? Number(quota) : quota;
  return typeof n === 'number' && Number.isFinite(n) ? n : DEFAULT_SMS_QUOTA;
}

/** Cost in taka of `smsCount` SMS at `rate` (default 0.43), rounded to paisa. */
export function smsCost(smsCount: number, rate = DEFAULT_SMS_RATE): number {
  return Math.round(smsCount * rate * 100) / 100;
}

/** Refuses a send that needs more SMS than the quota holds. */
export function smsQuotaError(needed: number, current: number): DomainError<'SMS_QUOTA_NOT_ENOUGH'> | null {
  return needed > current ? domainError('SMS_QUOTA_NOT_ENOUGH', { needed, current }) : null;
}

/** The "Invalid Phone" warning shown when a recipient has no valid phone. */
export function invalidPhoneWarning(
  name: string,
  id: string | number,
  phone: string | null | undefined,
): DomainError<'SMS_INVALID_PHONE'> {
  return domainError('SMS_INVALID_PHONE', { name, id, phone: phone ?? '' });
}
