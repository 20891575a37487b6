import type { ClassroomTiming } from '../contracts/classroom';
import { addDays, dayOf, dayStartMs } from '../money/days';
import { DAY_NAMES } from '../time/time';

// Attendance sessions and the status a punch gives them. Bangladesh is UTC+6
// all year (no daylight saving), so Bangladesh wall time is plain arithmetic on epoch milliseconds
// and every machine, whatever its own zone, computes the same dates (money/days.ts: `dayOf` is the
// Bangladesh date of a moment, `dayStartMs` its midnight).

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A classroom without its own attendance settings marks a punch late this many minutes after start. */
export const DEFAULT_LATE_AFTER_MINUTES = 10;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The moment a Bangladesh wall-clock time on a `YYYY-MM-DD` date begins; NaN for bad text. */
export function bangladeshMoment(date: string, time: string): number {
  const t = HH_MM.exec(time);
  if (!t) return Number.NaN;
  return dayStartMs(date) + (Number(t[1]) * 60 + Number(t[2])) * MINUTE_MS;
}

/** One meeting of a classroom on one date, with its start and end as moments. */
export interface ClassSession {
  /** The Bangladesh date the session starts on: the key of its attendance marks. */
  readonly date: string;
  /** `HH:mm` as in the classroom's timings: with `date`, the other half of the key. */
  readonly start: string;
  readonly end: string;
  readonly startAt: number;
  /** A session whose end is before its start runs past midnight: it ends on the next date. */
  readonly endAt: number;
}

/**
 * The sessions a classroom's weekly timings hold on a Bangladesh date, in start order (a timing
 * listed twice is one session). `end < start` runs past midnight into the next date.
 */
export function sessionsOn(timings: readonly ClassroomTiming[], date: string): ClassSession[] {
  const midnight = dayStartMs(date);
  if (Number.isNaN(midnight)) return [];
  // dayStartMs is Bangladesh midnight; six hours on, the UTC date is the same calendar date.
  const day = DAY_NAMES[new Date(midnight + 6 * 60 * MINUTE_MS).getUTCDay()];
  const seen = new Set<string>();
  const sessions: ClassSession[] = [];
  for (const timing of timings) {
    if (timing.day !== day || seen.has(timing.start)) continue;
    const startAt = bangladeshMoment(date, timing.start);
    let endAt = bangladeshMoment(date, timing.end);
    if (Number.isNaN(startAt) || Number.isNaN(endAt)) continue;
    seen.add(timing.start);
    if (endAt < startAt) endAt += DAY_MS;
    sessions.push({ date, start: timing.start, end: timing.end, startAt, endAt });
  }
  return sessions.sort((a, b) => a.startAt - b.startAt);
}

/**
 * The sessions a punch at `at` may concern: those starting on its Bangladesh date, and those of
 * the previous date still running past midnight (a punch at 00:30 belongs to the previous
 * evening's 22:00–01:00 session).
 */
export function sessionsAround(timings: readonly ClassroomTiming[], at: number): ClassSession[] {
  const today = dayOf(at);
  const overnight = sessionsOn(timings, addDays(today, -1)).filter((s) => s.endAt >= at);
  return [...overnight, ...sessionsOn(timings, today)];
}

export type PunchStatus = 'present' | 'late';
export type PunchDirection = 'entry' | 'exit';

/**
 * What a punch says of one session: `present` up to start + `lateAfterMinutes` (capped at the
 * session's end), `late` after that until the end, nothing outside. An entry punch earlier on the
 * session's own date, before it starts, counts as present (the student is already in the
 * centre); an exit before the start says nothing.
 */
export function punchStatus(
  session: ClassSession,
  punch: { at: number; direction: PunchDirection },
  lateAfterMinutes: number,
): PunchStatus | null {
  const { at } = punch;
  if (at > session.endAt) return null;
  if (at < session.startAt) {
    const sameDate = dayOf(at) === session.date;
    return sameDate && punch.direction === 'entry' ? 'present' : null;
  }
  const lateFrom = session.startAt + Math.max(0, lateAfterMinutes) * MINUTE_MS;
  return at <= lateFrom ? 'present' : 'late';
}

/** Statuses a mark can hold (roll call sets any; punches set present or late). */
export type AttendanceStatusValue = 'present' | 'late' | 'absent' | 'leave';
export type MarkSourceValue = 'roll-call' | 'punch' | 'zoom';

/**
 * The status a punch leaves on a session's mark, or null to leave the mark alone. A mark a person
 * set by roll call is never overwritten by a device, and a punch never downgrades present to
 * late (the exit punch of a student who came on time lands inside the session too).
 */
export function punchMarkUpdate(
  existing: { status: AttendanceStatusValue; source: MarkSourceValue } | null | undefined,
  status: PunchStatus,
): PunchStatus | null {
  if (!existing) return status;
  if (existing.source === 'roll-call') return null;
  if (existing.status === status || existing.status === 'present') return null;
  return status;
}
