import { type DomainError, domainError } from '../messages';
import { toAsciiDigits } from '../text/digits';
import { CUSTOM_ID_PREFIX } from './constants';

// Letters and digits, then optionally a hyphen and digits: EDU123, EDU-12345, SHA2-728592, and
// the default ID-42.
const CUSTOM_ID_PATTERN = /^[A-Za-z0-9]+(-[0-9]+)?$/;

/** The custom-ID rule. Empty is accepted (the ID is optional); spaces around are ignored. */
export function customIdError(value: string): DomainError<'CUSTOM_ID_INVALID'> | null {
  const text = value.trim();
  if (text === '') return null;
  return CUSTOM_ID_PATTERN.test(text) ? null : domainError('CUSTOM_ID_INVALID');
}

/** `42` → `ID-42`; an ID that already has a prefix of its own is left alone. */
export function withCustomIdPrefix(id: string): string {
  const text = id.trim();
  if (text === '' || /^[A-Za-z0-9]+-/.test(text)) return text;
  return `${CUSTOM_ID_PREFIX}${text}`;
}

/**
 * The number at the end of a custom ID (`ID-0042` → 42, `EDU123` → 123), which the
 * account's MaxCustomID counter tracks; null when the ID has no trailing digits.
 */
export function customIdNumber(id: string | null | undefined): number | null {
  if (typeof id !== 'string') return null;
  const match = /(\d+)\s*$/.exec(toAsciiDigits(id));
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * MaxCustomID after saving a student with `newId`: raised to the new ID's number when the
 * counter is lower than or equal to it, never lowered.
 */
export function nextMaxCustomId(
  current: number | null | undefined,
  newId: string | null | undefined,
): number {
  const counter = typeof current === 'number' && Number.isFinite(current) ? current : 0;
  const n = customIdNumber(newId);
  return n !== null && counter <= n ? n : counter;
}

/** The ID suggested for the next new student: one above the counter, with the default prefix. */
export function suggestCustomId(current: number | null | undefined): string {
  const counter =
    typeof current === 'number' && Number.isFinite(current) ? Math.max(0, Math.floor(current)) : 0;
  return `${CUSTOM_ID_PREFIX}${counter + 1}`;
}

/** RFID card codes shorter than this many characters plus one are typing accidents. */
export const RFID_MIN_LENGTH_EXCLUSIVE = 5;

/** An RFID code is kept (trimmed) only when longer than 5 characters; otherwise cleared. */
export function normalizeRfid(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text.length > RFID_MIN_LENGTH_EXCLUSIVE ? text : '';
}

/**
 * The per-classroom tuition override from the free-text "Modified Tuition Fee" box: a number
 * of at least 0 that differs from the classroom's fee. Returns null when no override applies
 * (empty, not a number, negative, or equal to the classroom fee).
 */
export function effectiveTuitionFee(
  modifiedText: string | number | null | undefined,
  classroomFee: unknown,
): number | null {
  if (modifiedText === null || modifiedText === undefined) return null;
  const text = toAsciiDigits(String(modifiedText)).trim().replace(/,/g, '');
  if (text === '') return null;
  const fee = Number(text);
  if (!Number.isFinite(fee) || !(fee > -1) || fee < 0) return null;
  const base = Number(classroomFee);
  return Number.isFinite(base) && base === fee ? null : fee;
}
