// Bangladeshi users type Bangla digits (০-৯) on Bangla keyboards, and some phone keyboards and
// copy-pastes produce full-width digits (０-９). Rules that read numbers accept all three by
// mapping them to ASCII first.

const BENGALI_ZERO = 0x09e6;
const FULLWIDTH_ZERO = 0xff10;

/** Maps Bangla (০-৯) and full-width (０-９) digits to ASCII 0-9; everything else is untouched. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF\uFF10-\uFF19]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const base = code >= FULLWIDTH_ZERO ? FULLWIDTH_ZERO : BENGALI_ZERO;
    return String(code - base);
  });
}

/** Only the ASCII digits of `text`, after mapping Bangla and full-width digits. */
export function digitsOf(text: string): string {
  return toAsciiDigits(text).replace(/\D/g, '');
}
