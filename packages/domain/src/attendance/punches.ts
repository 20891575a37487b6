import { dayOf } from '../money/days';
import type { PunchDirection } from './sessions';

// Entry/exit direction and the codes a kiosk reads.

/**
 * The direction of a punch: the device's explicit direction wins; otherwise the first punch of
 * the student's Bangladesh day is an entry and each later one the opposite of the punch before
 * it that day. `previous` is the student's latest earlier punch, if any.
 */
export function punchDirection(
  punch: { at: number; direction?: PunchDirection | null },
  previous: { at: number; direction: PunchDirection } | null | undefined,
): PunchDirection {
  if (punch.direction) return punch.direction;
  if (!previous || dayOf(previous.at) !== dayOf(punch.at)) return 'entry';
  return previous.direction === 'entry' ? 'exit' : 'entry';
}

/**
 * Directions of one student's punches taken in time order (ties keep their order), each by
 * `punchDirection` against the one before it. Returned in the order given.
 */
export function punchDirections(
  punches: readonly { at: number; direction?: PunchDirection | null }[],
): PunchDirection[] {
  const order = punches.map((_, i) => i).sort((a, b) => punches[a]!.at - punches[b]!.at || a - b);
  const result: PunchDirection[] = new Array(punches.length);
  let previous: { at: number; direction: PunchDirection } | null = null;
  for (const i of order) {
    const punch = punches[i]!;
    const direction = punchDirection(punch, previous);
    result[i] = direction;
    previous = { at: punch.at, direction };
  }
  return result;
}

/** What a student's QR code holds: `BW1:S:{studentId}` (the access-code sheets print it). */
export const STUDENT_QR_PREFIX = 'BW1:S:';

/** The student id of a QR payload, or null when the text is not a student's code. */
export function studentIdFromQr(payload: string): string | null {
  const text = payload.trim();
  if (!text.toUpperCase().startsWith(STUDENT_QR_PREFIX)) return null;
  const id = text.slice(STUDENT_QR_PREFIX.length);
  return /^[0-9A-Za-z]{1,64}$/.test(id) ? id : null;
}

/**
 * The forms of a scanned card code worth looking up: as read (trimmed) and without spaces, both
 * lower-cased as RFID lookups compare them. USB readers type the serial; Web NFC gives it as
 * colon-separated hex (`04:a2:…`), looked up also without the colons.
 */
export function cardCodeKeys(code: string): string[] {
  const trimmed = code.trim().toLowerCase();
  if (trimmed === '') return [];
  const keys = new Set([trimmed, trimmed.replace(/\s+/g, '')]);
  if (/^[0-9a-f]{2}(:[0-9a-f]{2})+$/.test(trimmed)) keys.add(trimmed.replaceAll(':', ''));
  return [...keys];
}
