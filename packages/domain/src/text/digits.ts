// Bangladeshi users type Bangla digits (০-৯) on Bangla keyboards, Arabic keyboards give
// Arabic-Indic digits (٠-٩, or the Persian forms ۰-۹), and some phone keyboards and copy-pastes
// produce full-width digits (０-９). Rules that read numbers accept them all by mapping them to
// ASCII first.

const BENGALI_ZERO = 0x09e6;
const FULLWIDTH_ZERO = 0xff10;
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** The zero of the digit block a code point belongs to. */
function zeroOf(code: number): number {
  if (code >= FULLWIDTH_ZERO) return FULLWIDTH_ZERO;
  if (code >= BENGALI_ZERO) return BENGALI_ZERO;
  return code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
}

/** Maps Bangla, Arabic-Indic and full-width digits to ASCII 0-9; everything else is untouched. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u09E6-\u09EF\uFF10-\uFF19]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return String(code - zeroOf(code));
  });
}

/** Only the ASCII digits of `text`, after mapping Bangla and full-width digits. */
export function digitsOf(text: string): string {
  return toAsciiDigits(text).replace(/\D/g, '');
}

/**
 * Western digits in a language's own digits for the texts families read (SMS, printed cards):
 * Bangla digits (০–৯) for Bangla; Arabic-Indic digits (٠–٩) for Arabic only when asked, as
 * Arabic texts in Bangladesh usually keep Western digits; every other language keeps them.
 */
export function toLanguageDigits(
  text: string,
  language: string,
  options: { arabicIndic?: boolean } = {},
): string {
  if (language === 'bn') return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
  if (language === 'ar' && options.arabicIndic) {
    return text.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d)));
  }
  return text;
}
