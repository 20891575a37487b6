import type { DomainError } from '../messages';
import { isValidBdPhone, normalizeBdPhone, stripDuplicateMark } from '../phone/normalize';
import { invalidPhoneWarning } from './sms';

// Building the recipient list of one send. Gateways bill every number in the list
// (integrations.md §3.1–§3.3 take a comma list of numbers), so a parent with two children in
// the batch must appear once, and a number the gateway cannot reach must be shown to the sender
// instead of silently costing a failed SMS.

/** Where a recipient's phone came from: the student, a parent, or the "type numbers" box. */
export type RecipientSource = 'student' | 'parent1' | 'parent2' | 'typed';

/** One candidate for a send, before checking and merging. */
export interface RecipientCandidate {
  readonly phone: string | null;
  readonly name?: string;
  readonly id?: string | number;
  readonly source: RecipientSource;
  readonly studentId?: string;
}

/** A candidate that will be sent to: `phone` is normalised (`+880` and 10 digits, no `D`). */
export interface SmsRecipient extends RecipientCandidate {
  readonly phone: string;
}

/** A candidate left out because its phone is missing or invalid, with the warning to show. */
export interface InvalidRecipient {
  readonly name: string;
  readonly id: string | number;
  readonly phone: string;
  readonly warning: DomainError<'SMS_INVALID_PHONE'>;
}

/** The checked list for one send. */
export interface RecipientList {
  readonly recipients: SmsRecipient[];
  readonly invalid: InvalidRecipient[];
  /** Pieces of the typed box that are not phone numbers, as typed, so the box can mark them. */
  readonly invalidTyped: string[];
}

/** Valid (normalised) and invalid (as typed) pieces of a typed box of numbers. */
export interface TypedPhones {
  readonly valid: string[];
  readonly invalid: string[];
}

// The separators splitPhones accepts (phone/normalize.ts): commas (also Arabic and ideographic),
// semicolons and whitespace. A property test keeps the two in step.
const SEPARATORS = /[,;\s\u060C\u3001]+/;

/**
 * Like `splitPhones`, but also returns the pieces that are not valid numbers, so the sender sees
 * "0171" instead of losing it silently. `valid` equals `splitPhones(text)`; a trailing `D`
 * duplicate mark is dropped, since the gateway needs the plain number.
 */
export function splitTypedPhones(text: string): TypedPhones {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const piece of text.split(SEPARATORS)) {
    if (piece === '') continue;
    const phone = normalizeBdPhone(piece);
    if (isValidBdPhone(phone)) valid.push(phone);
    else invalid.push(piece);
  }
  return { valid, invalid };
}

/** The normalised number to send to, or `null`. A duplicate mark `D` (siblings) is dropped first. */
export function recipientPhone(phone: string | null | undefined): string | null {
  if (phone == null) return null;
  const normalized = normalizeBdPhone(stripDuplicateMark(phone.trim()));
  return isValidBdPhone(normalized) ? normalized : null;
}

/**
 * The recipients of one send: candidates first (they carry names), then the typed numbers.
 * Each number appears once, the first occurrence winning with its name and source, so a parent
 * of two students is charged one SMS. Candidates without a valid phone are listed in `invalid`
 * with the product's "Invalid Phone" warning; bad typed pieces are listed in `invalidTyped`.
 */
export function buildRecipients(candidates: readonly RecipientCandidate[], typedText = ''): RecipientList {
  const seen = new Set<string>();
  const recipients: SmsRecipient[] = [];
  const invalid: InvalidRecipient[] = [];
  const add = (recipient: SmsRecipient) => {
    if (seen.has(recipient.phone)) return;
    seen.add(recipient.phone);
    recipients.push(recipient);
  };
  for (const candidate of candidates) {
    const phone = recipientPhone(candidate.phone);
    if (phone !== null) {
      add({ ...candidate, phone });
      continue;
    }
    const name = candidate.name ?? '';
    const id = candidate.id ?? candidate.studentId ?? '';
    const raw = candidate.phone ?? '';
    invalid.push({ name, id, phone: raw, warning: invalidPhoneWarning(name, id, raw) });
  }
  const typed = splitTypedPhones(typedText);
  for (const phone of typed.valid) add({ phone, source: 'typed' });
  return { recipients, invalid, invalidTyped: typed.invalid };
}
