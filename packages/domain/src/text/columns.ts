// Spreadsheet column letters (bijective base 26: A…Z, AA…AZ, BA…), used by the message template
// builder and the onboarding sheet.

/** 1 → `A`, 26 → `Z`, 27 → `AA`. Returns `''` for anything that is not a positive integer. */
export function columnLetter(column: number): string {
  if (!Number.isSafeInteger(column) || column < 1) return '';
  let n = column;
  let letters = '';
  while (n > 0) {
    const remainder = (n - 1) % 26;
    letters = String.fromCharCode(65 + remainder) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** `A` → 1, `aa` → 27 (case-insensitive, spaces trimmed). Returns 0 when not letters A–Z. */
export function columnNumber(letters: string): number {
  const text = letters.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(text)) return 0;
  let n = 0;
  for (const ch of text) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
