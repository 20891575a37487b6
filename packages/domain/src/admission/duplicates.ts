import { normalizeBdPhone, stripDuplicateMark } from '../phone/normalize';

/** Pending applications are checked for the same phone over the last 90 days. */
export const DUPLICATE_WINDOW_MS = 7_776_000_000;

export interface PendingApplicationRef {
  readonly phone: string;
  /** Submission time in epoch milliseconds. */
  readonly timeStamp: number;
}

function samePhoneKey(phone: string): string {
  return normalizeBdPhone(stripDuplicateMark(phone));
}

/**
 * The first pending application from the last 90 days (inclusive of the boundary, as the
 * range query is) with the same phone, compared normalised and ignoring a duplicate mark.
 */
export function findDuplicateApplication<T extends PendingApplicationRef>(
  phone: string,
  applications: readonly T[],
  now: number,
): T | null {
  const key = samePhoneKey(phone);
  if (key === '' || key === '+880') return null;
  const since = now - DUPLICATE_WINDOW_MS;
  return (
    applications.find(
      (application) => application.timeStamp >= since && samePhoneKey(application.phone) === key,
    ) ?? null
  );
}

/** "Yes" in the duplicate dialog: the phone is kept, normalised, with the duplicate mark D. */
export function markDuplicatePhone(phone: string): string {
  const normalized = normalizeBdPhone(stripDuplicateMark(phone));
  return normalized === '' ? '' : `${normalized}D`;
}
