import type { KioskPunchResult, KioskVia } from '@batchwise/domain';

/**
 * The pure half of the kiosk's offline queue: what a stored punch is, which
 * stored punches a server answer settles, how long to wait before the next try, and which scans
 * are the same card seen twice. No I/O here, so it is tested directly (punch-queue.test.ts).
 */

export type ScanVia = KioskVia;

/** A scan as the kiosk keeps it in IndexedDB until the server has answered for it. */
export interface QueuedPunch {
  /** Sent as the punch's client id: the server stores a punch once per (device, client id). */
  readonly clientId: string;
  /** The key of the kiosk that took the scan: only that kiosk's page sends it. */
  readonly deviceKey: string;
  readonly code: string;
  readonly via: ScanVia;
  /** When the card was scanned (ms since epoch), not when it reached the server. */
  readonly at: number;
  /** Face punches: how far the face was from the registered one it matched. */
  readonly distance?: number;
}

/** The server's answer for one punch (`POST /api/kiosk/punches`). */
export type PunchAnswer = KioskPunchResult;

/** Punches per request: well under the route's limit (KIOSK_PUNCHES_MAX, 200), so one request stays small. */
export const BATCH_SIZE = 50;

/** The longest code the kiosk sends; anything longer is not a card, a QR payload or a tag serial. */
export const MAX_CODE_LENGTH = 200;

/**
 * The ids of a sent batch the server has settled: every answered outcome is final (recorded,
 * already recorded, or a card nobody holds), so those rows can go. A punch the answer does not
 * mention stays and is sent again.
 */
export function settledIds(batch: readonly QueuedPunch[], answers: readonly PunchAnswer[]): string[] {
  const answered = new Set(answers.map((answer) => answer.clientId));
  return batch.filter((punch) => answered.has(punch.clientId)).map((punch) => punch.clientId);
}

/**
 * Wait before the next send after `failures` failed tries in a row: 1 s doubling to a minute,
 * spread ±25 % so a room of tablets coming back after a power cut does not knock all at once.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** A scanned code as sent: trimmed; null when empty or too long to be a real code. */
export function cleanCode(raw: string): string | null {
  const code = raw.trim();
  return code === '' || code.length > MAX_CODE_LENGTH ? null : code;
}

/**
 * Drops a code seen again before it has been out of sight for `windowMs`: a camera sees a held-up
 * QR in frame after frame (holding it there must not punch an entry and then an exit), and a
 * nervous child taps a card twice. Other codes in between do not matter.
 */
export function createScanDebouncer(windowMs: number) {
  const lastSeen = new Map<string, number>();
  return (code: string, now: number): boolean => {
    const previous = lastSeen.get(code);
    // Forget old codes so a kiosk that runs for weeks does not keep every card it ever saw.
    for (const [seen, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(seen);
    lastSeen.set(code, now);
    return previous === undefined || now - previous >= windowMs;
  };
}
