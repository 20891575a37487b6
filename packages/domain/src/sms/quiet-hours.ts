// BTRC quiet hours (integrations.md §3.6): operators were told "not to send any SMS between
// 12am and 8am", even to customers who asked for commercial messages. Batchwise treats
// 00:00–08:00 Asia/Dhaka as a hard block for scheduled and bulk sends and moves them to 08:00.
//
// Bangladesh has kept UTC+6 all year since it dropped daylight saving in 2009, so plain
// arithmetic is exact and needs no time-zone database (Intl data differs between runtimes).

/** Asia/Dhaka's offset from UTC in milliseconds (UTC+6, no daylight saving). */
export const DHAKA_UTC_OFFSET_MS = 6 * 60 * 60 * 1000;
/** First hour (Dhaka time) in which no SMS may be sent. */
export const QUIET_HOURS_START_HOUR = 0;
/** Hour (Dhaka time) at which sending may resume. */
export const QUIET_HOURS_END_HOUR = 8;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since Dhaka midnight for a UTC epoch time (always 0 ≤ result < 1 day). */
function dhakaTimeOfDay(ms: number): number {
  const local = (ms + DHAKA_UTC_OFFSET_MS) % DAY_MS;
  return local < 0 ? local + DAY_MS : local;
}

/** True from 00:00:00.000 up to but excluding 08:00 in Dhaka; false for a non-finite time. */
export function inQuietHours(ms: number): boolean {
  if (!Number.isFinite(ms)) return false;
  const time = dhakaTimeOfDay(ms);
  return time >= QUIET_HOURS_START_HOUR * HOUR_MS && time < QUIET_HOURS_END_HOUR * HOUR_MS;
}

/**
 * When a send asked for at `ms` may go out: `ms` itself outside quiet hours, otherwise 08:00
 * Dhaka the same Dhaka day. 01:00 Dhaka is 19:00 UTC of the previous calendar day, so the
 * answer can fall on the next UTC date; callers should store and compare epoch times only.
 */
export function sendTimeAfterQuietHours(ms: number): number {
  if (!inQuietHours(ms)) return ms;
  return ms - dhakaTimeOfDay(ms) + QUIET_HOURS_END_HOUR * HOUR_MS;
}
