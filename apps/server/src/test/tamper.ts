/**
 * The text with one character changed, always to a different one: replacing a character with a
 * fixed letter leaves a key that already has that letter there untouched, and the test that
 * expected a refusal passes the real key (one run in 64 for a base64url key).
 */
export function tampered(text: string, at = text.length - 1): string {
  const next = text[at] === 'A' ? 'B' : 'A';
  return `${text.slice(0, at)}${next}${text.slice(at + 1)}`;
}
