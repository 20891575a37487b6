// Search compares what a person meant, not the code points they typed. Bangla has several ways to
// write the same letters: য় as one code point (U+09DF) or as য + nukta, ো as one or as ে + া, and
// keyboards that add zero-width joiners (U+200C/U+200D) to shape conjuncts. Canonical
// normalisation (NFC) makes the pairs equal, the joiners are dropped, Latin letters fold case
// (SQLite's lower() folds only A-Z), Bangla and full-width digits become ASCII and runs of
// spaces become one. The same key is stored beside each student and made of every search.

import { toAsciiDigits } from './digits';

/** The form of `text` that searches compare: see the comment above. */
export function searchKey(text: string): string {
  return toAsciiDigits(text.normalize('NFC'))
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One searchable text of several fields, a line each, so a search never matches across the end
 * of one field and the start of the next (a search key holds no line break).
 */
export function searchText(fields: readonly (string | null | undefined)[]): string {
  return fields.map((field) => searchKey(field ?? '')).join('\n');
}
