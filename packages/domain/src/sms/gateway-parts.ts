// How Bangladeshi gateways bill a text (research: integrations.md §3.5). `smsParts` in sms.ts
// keeps the original product's rough rule (a Bangla character counts double, 160 per part) for
// quotas; this file follows the GSM standard the operators apply, so the template editor can
// show the number of parts the gateway will actually charge for.

/** GSM 03.38 encoding (7-bit septets) or UCS-2 (16-bit units); one character outside GSM-7 forces UCS-2. */
export type SmsEncoding = 'gsm7' | 'ucs2';

/** Septets in a single GSM-7 SMS. */
export const GSM7_SINGLE_PART = 160;
/** Septets per part of a concatenated GSM-7 SMS: the 6-byte UDH header takes 7 septets. */
export const GSM7_PER_PART = 153;
/** UTF-16 units in a single UCS-2 SMS. */
export const UCS2_SINGLE_PART = 70;
/** UTF-16 units per part of a concatenated UCS-2 SMS (the header takes 3 units). */
export const UCS2_PER_PART = 67;

// GSM 03.38 default alphabet (basic table). Characters a phone cannot show in 7 bits are absent,
// so Bangla, curly quotes, dashes and emoji all fall outside.
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// The extension table: each is sent as ESC + character, so it costs 2 septets (159 chars + "€" → 2 parts).
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** True when the character (one code point) exists in GSM-7, in the basic or the extension table. */
export function isGsm7Char(char: string): boolean {
  return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

/** `'gsm7'` when every character is in GSM-7, otherwise `'ucs2'` (the whole message switches). */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!isGsm7Char(char)) return 'ucs2';
  return 'gsm7';
}

/** What one text costs at the gateway. */
export interface GatewayParts {
  readonly encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  readonly units: number;
  /** SMS parts billed; 0 for an empty text. */
  readonly parts: number;
  /** Units that fit in each part at this length: 160/70 for a single SMS, 153/67 once split. */
  readonly perPart: number;
  /** Units still free in the last part before another part is needed. */
  readonly remainingInPart: number;
}

/** Cost of each character in the encoding's units, in text order. */
function charUnits(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (char) => (encoding === 'gsm7' ? (GSM7_EXTENSION.has(char) ? 2 : 1) : char.length));
}

/**
 * Parts the gateway bills for `text`. One part holds 160 septets or 70 UTF-16 units; a longer
 * text is split into parts of 153 or 67 (§3.5: 161 GSM characters = 2, 71 Bangla = 2). When
 * split, an escaped GSM character or an emoji's surrogate pair is never cut between two parts
 * (the handset could not rebuild it), so such a character may start a new part early, as in
 * Twilio's sms-segments-calculator used for the research. The count is therefore never lower
 * than a plain `ceil(units / perPart)`, so we never promise a cheaper send than the gateway bills.
 */
export function gatewayParts(text: string): GatewayParts {
  const encoding = smsEncoding(text);
  const costs = charUnits(text, encoding);
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const single = encoding === 'gsm7' ? GSM7_SINGLE_PART : UCS2_SINGLE_PART;
  if (units === 0) return { encoding, units, parts: 0, perPart: single, remainingInPart: single };
  if (units <= single) return { encoding, units, parts: 1, perPart: single, remainingInPart: single - units };
  const perPart = encoding === 'gsm7' ? GSM7_PER_PART : UCS2_PER_PART;
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > perPart) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, parts, perPart, remainingInPart: perPart - used };
}
