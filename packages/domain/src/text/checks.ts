// Field checks shared by every form (part 2 §5 "Shared text rules").

/**
 * Names: letters of any script (with their combining marks, so Bangla vowel signs such as ি and ্
 * count), digits, `&` and spaces. Empty is invalid, and so is a name that starts with a digit,
 * `&` or a space, because those come from mis-pasted spreadsheet cells.
 */
export function isValidName(name: string): boolean {
  if (name === '') return false;
  if (/^[\p{N}& ]/u.test(name)) return false;
  return /^[\p{L}\p{M}\p{N}& ]+$/u.test(name);
}

/** Only ASCII digits, at least one. Map Bangla or full-width digits with toAsciiDigits first. */
export function isDigitsOnly(text: string): boolean {
  return /^\d+$/.test(text);
}

/** A non-negative decimal such as `0`, `12`, `12.5` or `.5`; surrounding spaces are allowed. */
export function isNonNegativeDecimal(text: string): boolean {
  return /^(\d+(\.\d+)?|\.\d+)$/.test(text.trim());
}

// Pictographs (emoji), "other symbols" (©, ™, ☺, arrows, dingbats), flags and the joiners and
// variation selectors that build emoji sequences. Punctuation, currency (৳) and maths signs are
// ordinary text in names, fees and messages, so they are not flagged.
const EMOJI_OR_SYMBOL = /\p{Extended_Pictographic}|\p{So}|\u200D|\uFE0F|[\u{1F1E6}-\u{1F1FF}]/u;

/** True when the text contains an emoji or a pictographic symbol. */
export function containsEmojiOrSymbol(text: string): boolean {
  return EMOJI_OR_SYMBOL.test(text);
}

/**
 * Values that occur more than once, each reported once, in the order their second occurrence
 * appears. `key` decides sameness (for example a normalised phone).
 */
export function findDuplicates<T>(items: readonly T[], key: (item: T) => unknown = (item) => item): T[] {
  const seen = new Set<unknown>();
  const reported = new Set<unknown>();
  const duplicates: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) {
      if (!reported.has(k)) {
        reported.add(k);
        duplicates.push(item);
      }
    } else {
      seen.add(k);
    }
  }
  return duplicates;
}

/**
 * Removes `#` characters before text goes to the SMS gateway, which treats `#` specially. The
 * word after the sign is kept: "#Exam tomorrow" becomes "Exam tomorrow".
 */
export function stripHashtags(text: string): string {
  return text.replace(/[#\uFF03]/g, '');
}
