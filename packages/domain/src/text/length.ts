// Length and reading-time helpers (part 2 §9 "Text").

// The scripts of the interface languages that only a Unicode (UCS-2) SMS carries: Bengali,
// Arabic (with its supplements and presentation forms) and Chinese (CJK ideographs, their
// punctuation and full-width forms). Latin letters with accents (Italian, Spanish, French) stay
// single, as the spec's rule counts only the scripts that force a Unicode SMS.
const UNICODE_SMS_SCRIPTS =
  /[\u0980-\u09FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u3000-\u303F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/u;

/**
 * Length in code points where Bengali, Arabic and Chinese characters count double: they need a
 * Unicode SMS, which carries roughly half as many characters per part, so limits and SMS counts
 * use this.
 */
export function textLength(text: string): number {
  let length = 0;
  for (const ch of text) length += UNICODE_SMS_SCRIPTS.test(ch) ? 2 : 1;
  return length;
}

/**
 * Shortens to at most `max` code points, ending with `…` when something was cut. Code points,
 * not UTF-16 units, so an emoji or a Bangla conjunct is never split into mojibake.
 */
export function truncate(text: string, max: number, ellipsis = '…'): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const room = Math.max(0, max - Array.from(ellipsis).length);
  return `${chars.slice(0, room).join('').trimEnd()}${ellipsis}`;
}

/** Words separated by whitespace; works for Bangla, which also separates words with spaces. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/** Drops HTML tags and entities so news descriptions (stored as HTML) count only their words. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Minutes (or pages) to read: words divided by `rate`, rounded up, at least 1 for any text.
 * News uses the default rate of 100 (part 1 §9). HTML tags are ignored.
 */
export function readTimeMinutes(text: string, rate = 100): number {
  const words = wordCount(htmlToText(text));
  if (words === 0) return 0;
  const safeRate = Number.isFinite(rate) && rate > 0 ? rate : 100;
  return Math.max(1, Math.ceil(words / safeRate));
}
