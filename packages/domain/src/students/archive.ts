/** How far back an archive copy reaches when the student has no payments: about three months. */
export const ARCHIVE_DEFAULT_LOOKBACK_DAYS = 91;
export const ARCHIVE_DEFAULT_LOOKBACK_MS = ARCHIVE_DEFAULT_LOOKBACK_DAYS * 24 * 60 * 60 * 1000;

export const ARCHIVE_TYPES = ['Archive', 'Delete'] as const;
export type ArchiveType = (typeof ARCHIVE_TYPES)[number];

/**
 * The archive copy's minTimestamp: the earliest payment's timeStamp, or about 91 days before
 * `now` when the student has no (readable) payments.
 */
export function defaultArchiveMinTimestamp(
  now: number,
  payments: ReadonlyArray<{ readonly timeStamp?: number | null }> | null | undefined,
): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const payment of payments ?? []) {
    const t = payment.timeStamp;
    if (typeof t === 'number' && Number.isFinite(t) && t < earliest) earliest = t;
  }
  return Number.isFinite(earliest) ? earliest : now - ARCHIVE_DEFAULT_LOOKBACK_MS;
}
