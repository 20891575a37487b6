// Suspicious-traffic flags of the activity summary. The spec's data-access layer (part 2 §7)
// blocks accounts flagged for suspicious traffic and logs download usage; the summary shows the
// flags staff set and the traffic that may deserve one. The limits are ours (the spec shows none):
// far above what a busy coaching centre does in a day, so a flag is worth a look.

export const SUSPICIOUS_LIMITS = {
  /** Activity-log entries of one account in one Bangladesh day. */
  eventsPerDay: 2_000,
  /** Downloads (exports, sheets, files) of one account in one day. */
  downloadsPerDay: 200,
  /** Bytes downloaded by one account in one day (1 GiB). */
  downloadBytesPerDay: 1024 ** 3,
} as const;

export const SUSPICIOUS_FLAG_KINDS = ['flagged', 'eventBurst', 'downloadBurst', 'downloadVolume'] as const;
export type SuspiciousFlagKind = (typeof SUSPICIOUS_FLAG_KINDS)[number];

export interface SuspiciousFlag {
  readonly accountId: string;
  readonly kind: SuspiciousFlagKind;
  /** The day it happened; null for a staff flag, which stands until lifted. */
  readonly day: string | null;
  /** The count or bytes seen (for `flagged`, when it was set, ms). */
  readonly value: number;
  /** The limit it passed; 0 for a staff flag. */
  readonly limit: number;
}

export interface TrafficInput {
  /** Accounts whose owner staff flagged for suspicious traffic, with when. */
  readonly flagged: readonly { accountId: string; at: number }[];
  readonly eventDays: readonly { accountId: string; day: string; count: number }[];
  readonly downloadDays: readonly { accountId: string; day: string; count: number; bytes: number }[];
}

/** The flags of a range: staff flags first, then each day that passed a limit, newest first. */
export function suspiciousFlags(input: TrafficInput): SuspiciousFlag[] {
  const flags: SuspiciousFlag[] = input.flagged.map((f) => ({
    accountId: f.accountId,
    kind: 'flagged' as const,
    day: null,
    value: f.at,
    limit: 0,
  }));
  const days: SuspiciousFlag[] = [];
  for (const e of input.eventDays) {
    if (e.count > SUSPICIOUS_LIMITS.eventsPerDay)
      days.push({
        accountId: e.accountId,
        kind: 'eventBurst',
        day: e.day,
        value: e.count,
        limit: SUSPICIOUS_LIMITS.eventsPerDay,
      });
  }
  for (const d of input.downloadDays) {
    if (d.count > SUSPICIOUS_LIMITS.downloadsPerDay)
      days.push({
        accountId: d.accountId,
        kind: 'downloadBurst',
        day: d.day,
        value: d.count,
        limit: SUSPICIOUS_LIMITS.downloadsPerDay,
      });
    if (d.bytes > SUSPICIOUS_LIMITS.downloadBytesPerDay)
      days.push({
        accountId: d.accountId,
        kind: 'downloadVolume',
        day: d.day,
        value: d.bytes,
        limit: SUSPICIOUS_LIMITS.downloadBytesPerDay,
      });
  }
  days.sort((a, b) => (b.day ?? '').localeCompare(a.day ?? '') || a.accountId.localeCompare(b.accountId));
  return [...flags, ...days];
}
