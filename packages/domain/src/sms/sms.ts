import { type DomainError, domainError } from '../messages';
import { textLength } from '../text/length';

// SMS counting and quota (part 1 §5, §8, §9; part 2 §5 template builder, §9 text). One rule for
// a given message on every screen and in every charge: the length counts a Bangla character
// double (textLength; Bangla goes out as a Unicode SMS that holds about half as many characters),
// a typed message is 160 of those an SMS, a message built from a template (bulk templates, dues
// reminders, result and attendance SMS) 100 an SMS, a welcome message's custom text 100 an SMS
// with at least one, and an individual message (a sign-in link, a receipt) 2 SMS whatever its
// length. smsCount answers all four; the screens print its rule beside the number.

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

/** The kinds of message the product counts, each with its own characters per SMS. */
export const SMS_COUNT_KINDS = ['typed', 'template', 'welcome', 'individual'] as const;
export type SmsCountKind = (typeof SMS_COUNT_KINDS)[number];

/** A message counted: what every screen shows beside it and what the quota is debited. */
export interface SmsCount {
  readonly kind: SmsCountKind;
  /** Characters, a Bangla one counting double. */
  readonly length: number;
  /** Characters per SMS for this kind (160 typed, 100 template and welcome); 0 for individual. */
  readonly perSms: number;
  /** SMS charged for one message. */
  readonly sms: number;
  /** Characters still free before one more SMS is needed (0 for individual messages). */
  readonly remaining: number;
}

/** Characters per SMS of each kind; a template may use the account's own number. */
function perSmsOf(kind: SmsCountKind, charsPerSms?: number): number {
  if (kind === 'typed') return SMS_PART_LENGTH;
  if (kind === 'individual') return 0;
  const fallback = kind === 'welcome' ? WELCOME_SMS_CHARS_PER_SMS : TEMPLATE_CHARS_PER_SMS;
  return charsPerSms === undefined ? fallback : perPartOr(charsPerSms, fallback);
}

/** The one SMS count of a message of this kind (see the rule at the top of this file). */
export function smsCount(text: string, kind: SmsCountKind, charsPerSms?: number): SmsCount {
  const length = textLength(text);
  const perSms = perSmsOf(kind, charsPerSms);
  if (kind === 'individual') return { kind, length, perSms, sms: INDIVIDUAL_MESSAGE_SMS_COUNT, remaining: 0 };
  const sms = kind === 'welcome' ? welcomeSmsCount(text, perSms) : Math.ceil(length / perSms);
  return { kind, length, perSms, sms, remaining: Math.max(0, Math.max(sms, 1) * perSms - length) };
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
