import { gatewayParts, isGsm7Char } from './gateway-parts';

// Warnings the message editor shows before a send (integrations.md §3.5, §3.6). They do not
// block: the sender decides. Codes are stable so the web translates them by code; the data
// lists the characters to highlight.

/** The text of a masked (brand) sender has no Bangla letter; BulkSMSBD refuses it with code 1012. */
export interface MaskedNotBanglaWarning {
  readonly code: 'MASKED_NOT_BANGLA';
}

/**
 * A text that would fit GSM-7 has a few characters that switch it all to UCS-2, so each part
 * holds 70 characters instead of 160. `parts` is the cost now, `partsIfGsm7` the cost if each of
 * those characters were replaced by a plain one (e.g. a straight quote for a curly one).
 */
export interface EncodingSwitchedWarning {
  readonly code: 'ENCODING_SWITCHED';
  readonly characters: string[];
  readonly parts: number;
  readonly partsIfGsm7: number;
}

/** Characters outside the Basic Multilingual Plane (emoji): two units each, garbled on some handsets. */
export interface OutsideBmpWarning {
  readonly code: 'OUTSIDE_BMP';
  readonly characters: string[];
}

export type SmsContentWarning = MaskedNotBanglaWarning | EncodingSwitchedWarning | OutsideBmpWarning;
export type SmsContentWarningCode = SmsContentWarning['code'];

export interface SmsContentOptions {
  /** The send uses a masked (alphanumeric brand) sender ID rather than a numeric one. */
  readonly maskedSender: boolean;
}

/**
 * At most this many characters outside GSM-7, or a tenth of the text if more, count as "a few";
 * they must also be fewer than the GSM-7 characters, so a short Bangla text is not flagged.
 */
export const ENCODING_SWITCH_MAX_CHARS = 3;
const ENCODING_SWITCH_MAX_SHARE = 0.1;

// Bangla letters and vowel signs; Bangla digits alone do not make a text Bangla to the gateway.
const BANGLA_LETTER = /(?=\p{Script=Bengali})[\p{L}\p{M}]/u;

function distinct(chars: readonly string[]): string[] {
  return [...new Set(chars)];
}

/** Parts the text would need in GSM-7 if every non-GSM character were one plain character. */
function partsAsGsm7(chars: readonly string[]): number {
  return gatewayParts(chars.map((char) => (isGsm7Char(char) ? char : '?')).join('')).parts;
}

/**
 * Warnings for an SMS text, in a fixed order: MASKED_NOT_BANGLA (BTRC requires Bangla for
 * masked and promotional SMS, §3.6), ENCODING_SWITCHED (a stray curly quote, en dash or lone
 * Bangla letter in an English text multiplies the parts, §3.5) and OUTSIDE_BMP (emoji cost two
 * UTF-16 units, §3.5). An empty or blank text gets no warnings.
 */
export function smsContentWarnings(text: string, options: SmsContentOptions): SmsContentWarning[] {
  if (text.trim() === '') return [];
  const warnings: SmsContentWarning[] = [];
  const chars = Array.from(text);
  if (options.maskedSender && !BANGLA_LETTER.test(text)) warnings.push({ code: 'MASKED_NOT_BANGLA' });
  const outsideGsm = chars.filter((char) => !isGsm7Char(char));
  const few = Math.max(ENCODING_SWITCH_MAX_CHARS, Math.floor(chars.length * ENCODING_SWITCH_MAX_SHARE));
  if (outsideGsm.length > 0 && outsideGsm.length <= few && outsideGsm.length * 2 < chars.length) {
    warnings.push({
      code: 'ENCODING_SWITCHED',
      characters: distinct(outsideGsm),
      parts: gatewayParts(text).parts,
      partsIfGsm7: partsAsGsm7(chars),
    });
  }
  const outsideBmp = chars.filter((char) => (char.codePointAt(0) ?? 0) > 0xffff);
  if (outsideBmp.length > 0) warnings.push({ code: 'OUTSIDE_BMP', characters: distinct(outsideBmp) });
  return warnings;
}
