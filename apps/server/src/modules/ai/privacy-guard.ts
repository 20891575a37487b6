import type { ChatMessage } from '../../drivers/ai/chat-model';
import { failure } from '../../lib/errors';

/**
 * What never leaves the server in a request to the model (spec part 1 §1 "AI add-ons"; the README's
 * "AI tools and privacy"): students go as first names or pseudonyms only; phones, ids and
 * e-mail addresses never. Checked on the whole payload, after the prompt is built, so a phone typed
 * into a description is caught as surely as one a task put there by mistake.
 */
const BANGLA_DIGITS = /[০-৯]/gu;
// A Bangladeshi mobile number (01…, 8801…, +8801…), looked for with spaces and dashes removed.
const PHONE = /(?:\+?88)?01[3-9]\d{8}/u;
const PATTERNS: readonly RegExp[] = [
  // Our record ids (ULIDs).
  /\b[0-9A-HJKMNP-TV-Z]{26}\b/u,
  /[^\s@]+@[^\s@]+\.[^\s@]+/u,
];

function latinDigits(text: string): string {
  return text.replace(BANGLA_DIGITS, (d) => String(d.charCodeAt(0) - 0x09e6));
}

/** Whether the text holds a phone, an id, an e-mail address or one of the `known` values. */
export function containsPrivateData(text: string, known: readonly string[] = []): boolean {
  const latin = latinDigits(text);
  return (
    PHONE.test(latin.replace(/[\s-]/gu, '')) ||
    PATTERNS.some((p) => p.test(latin)) ||
    known.some((value) => value.length >= 3 && latin.includes(value))
  );
}

/**
 * Refuses (422 AI_PRIVATE_DATA) a payload holding private data, before anything is sent.
 * `known` adds values a task knows are private (the students' phones and ids it read).
 */
export function guardPayload(messages: readonly ChatMessage[], known: readonly string[] = []): void {
  if (messages.some((m) => containsPrivateData(m.content, known))) throw failure(422, 'AI_PRIVATE_DATA');
}
