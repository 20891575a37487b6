// An institution's SMS masking name (its own sender ID). The rules come from the regulator and
// the gateways (research/integrations.md §3.1, §3.6): a mask is an alphanumeric brand sender,
// a numeric sender is the platform's non-masking number, and a mask may not borrow the name of
// the government, the regulator or an operator. An alphanumeric sender travels in the SMS
// header, which holds 11 characters of the GSM alphabet (3GPP TS 23.040), so gateways take 3
// to 11 English letters, digits and spaces. Whether a name belongs to the institution (no other
// brand) is for the staff who approve it.

export const SENDER_NAME_MIN = 3;
export const SENDER_NAME_MAX = 11;

/**
 * Names (compared without spaces, dots and hyphens, in lower case) no institution may use, besides
 * anything starting "gov" ("Gov. Info" is the government's) or naming the regulator.
 */
const RESERVED = [
  'bangladesh',
  'police',
  'rab',
  'ictdivision',
  'a2i',
  'grameenphone',
  'robi',
  'airtel',
  'banglalink',
  'teletalk',
];

export type SenderNameProblem = 'SENDER_NAME_LENGTH' | 'SENDER_NAME_CHARACTERS' | 'SENDER_NAME_RESERVED';

/** The name as it is stored and sent: trimmed, inner spaces collapsed. */
export function normaliseSenderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** What is wrong with a requested masking name, or null when gateways and the regulator take it. */
export function senderNameProblem(raw: string): SenderNameProblem | null {
  const name = normaliseSenderName(raw);
  if (name.length < SENDER_NAME_MIN || name.length > SENDER_NAME_MAX) return 'SENDER_NAME_LENGTH';
  // A letter is what makes it a mask; digits alone are a (non-masking) number.
  if (!/^[A-Za-z0-9 .-]+$/.test(name) || !/[A-Za-z]/.test(name)) return 'SENDER_NAME_CHARACTERS';
  const bare = name.toLowerCase().replace(/[ .-]/g, '');
  if (RESERVED.includes(bare) || bare.startsWith('gov') || bare.includes('btrc')) {
    return 'SENDER_NAME_RESERVED';
  }
  return null;
}
