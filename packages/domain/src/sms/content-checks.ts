// Warnings the message editor shows before a send (integrations.md §3.6). They do not block: the
// sender decides. Codes are stable so the web translates them by code; the data lists the
// characters to highlight. What a message costs is never a warning: it is counted by the one
// rule of sms.ts (smsCount) and shown beside the text.

/** The text of a masked (brand) sender has no Bangla letter; BulkSMSBD refuses it with code 1012. */
export interface MaskedNotBanglaWarning {
  readonly code: 'MASKED_NOT_BANGLA';
}

/** Characters outside the Basic Multilingual Plane (emoji): garbled on some handsets. */
export interface OutsideBmpWarning {
  readonly code: 'OUTSIDE_BMP';
  readonly characters: string[];
}

export type SmsContentWarning = MaskedNotBanglaWarning | OutsideBmpWarning;
export type SmsContentWarningCode = SmsContentWarning['code'];

export interface SmsContentOptions {
  /** The send uses a masked (alphanumeric brand) sender ID rather than a numeric one. */
  readonly maskedSender: boolean;
}

// Bangla letters and vowel signs; Bangla digits alone do not make a text Bangla to the gateway.
const BANGLA_LETTER = /(?=\p{Script=Bengali})[\p{L}\p{M}]/u;

/**
 * Warnings for an SMS text, in a fixed order: MASKED_NOT_BANGLA (BTRC requires Bangla for
 * masked and promotional SMS, §3.6) and OUTSIDE_BMP (emoji, §3.5). An empty or blank text gets
 * no warnings.
 */
export function smsContentWarnings(text: string, options: SmsContentOptions): SmsContentWarning[] {
  if (text.trim() === '') return [];
  const warnings: SmsContentWarning[] = [];
  if (options.maskedSender && !BANGLA_LETTER.test(text)) warnings.push({ code: 'MASKED_NOT_BANGLA' });
  const outsideBmp = Array.from(text).filter((char) => (char.codePointAt(0) ?? 0) > 0xffff);
  if (outsideBmp.length > 0) warnings.push({ code: 'OUTSIDE_BMP', characters: [...new Set(outsideBmp)] });
  return warnings;
}
