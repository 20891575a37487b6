import { bangladeshMoment, sessionsOn } from '../attendance/sessions';
import type { ClassroomTiming } from '../contracts/classroom';
import { addDays, dayOf } from '../money/days';

// The timetable of a classroom (part 1 §3 "Batch": `Timings`, `StartDate`, `Events`): its weekly
// timings from the start date on, changed by one-off events, expanded into the classes of a
// range of Bangladesh dates. Pure date rules: the server, the calendar and the iCalendar feed
// all read the same occurrences.

export const TIMETABLE_EVENT_KINDS = ['extra', 'cancelled', 'moved', 'exam', 'holiday'] as const;
export type TimetableEventKind = (typeof TIMETABLE_EVENT_KINDS)[number];

/** What became of a class: on as the timings say, or changed by an event. */
export const OCCURRENCE_STATUSES = ['scheduled', 'extra', 'exam', 'cancelled', 'moved', 'holiday'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/** One change to a classroom's weekly timings on one date. */
export interface TimetableEvent {
  readonly id: string;
  readonly kind: TimetableEventKind;
  /** `YYYY-MM-DD`: the class it changes (cancelled, moved), the day it adds (extra, exam) or closes (holiday). */
  readonly date: string;
  /** `HH:mm`: the class it changes or adds; null for a holiday (the whole day). */
  readonly start: string | null;
  readonly end: string | null;
  /** A moved class's new date and times. */
  readonly newDate: string | null;
  readonly newStart: string | null;
  readonly newEnd: string | null;
  readonly place: string | null;
  readonly note: string | null;
}

export interface Occurrence {
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly startAt: number;
  readonly endAt: number;
  readonly status: OccurrenceStatus;
  /** Room or online link: the event's, else the weekly timing's. */
  readonly place: string | null;
  readonly note: string | null;
  /** The event that made or changed it; null for a plain weekly class. */
  readonly eventId: string | null;
  /** A moved class: where it went. */
  readonly movedTo: { date: string; start: string; end: string } | null;
  /** The class this one replaces (the new time of a moved class). */
  readonly movedFrom: { date: string; start: string } | null;
}

export interface ClassroomSchedule {
  readonly timings: readonly ClassroomTiming[];
  /** `YYYY-MM-DD`: no weekly class before it; null when the classroom has no start date. */
  readonly startDate: string | null;
  readonly events: readonly TimetableEvent[];
}

const DAY_MS = 86_400_000;
/** Statuses of a class that does not meet. */
const OFF: ReadonlySet<OccurrenceStatus> = new Set(['cancelled', 'moved', 'holiday']);

/** Whether the class meets (a cancelled, moved-away or holiday class does not). */
export function meets(o: Pick<Occurrence, 'status'>): boolean {
  return !OFF.has(o.status);
}

/** The classroom record keeps `DD-MM-YYYY`; the rules work on `YYYY-MM-DD`. */
export function isoDate(ddmmyyyy: string | null): string | null {
  const m = ddmmyyyy ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(ddmmyyyy) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

function slot(date: string, start: string, end: string) {
  const startAt = bangladeshMoment(date, start);
  let endAt = bangladeshMoment(date, end);
  if (endAt < startAt) endAt += DAY_MS;
  return { date, start, end, startAt, endAt };
}

function timingPlace(timings: readonly ClassroomTiming[], date: string, start: string): string | null {
  return timings.find((t) => t.start === start && t.place && sessionsOn([t], date).length > 0)?.place ?? null;
}

const plain = { note: null, eventId: null, movedTo: null, movedFrom: null } as const;

/**
 * The classes of `from`…`to` (inclusive `YYYY-MM-DD`), in start order. Weekly classes from the
 * start date on; a holiday turns that date's weekly classes to `holiday`; a cancelled or moved
 * event turns its class to `cancelled` / `moved` (a moved class reappears at its new time); an
 * extra class or exam day adds one (an exam at a weekly class's start replaces that class).
 * Changed classes stay in the list, marked, so a calendar can show them struck through.
 */
export function occurrencesBetween(schedule: ClassroomSchedule, from: string, to: string): Occurrence[] {
  const byKey = new Map<string, Occurrence>();
  const key = (date: string, start: string) => `${date} ${start}`;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (schedule.startDate && date < schedule.startDate) continue;
    for (const s of sessionsOn(schedule.timings, date)) {
      byKey.set(key(date, s.start), {
        ...slot(date, s.start, s.end),
        status: 'scheduled',
        place: timingPlace(schedule.timings, date, s.start),
        ...plain,
      });
    }
  }
  const inRange = (date: string) => date >= from && date <= to;
  // Holidays first: a class added on a holiday (an exam) still happens.
  const ordered = [...schedule.events].sort(
    (a, b) => Number(b.kind === 'holiday') - Number(a.kind === 'holiday'),
  );
  for (const e of ordered) {
    const base = { note: e.note, eventId: e.id };
    if (e.kind === 'holiday') {
      for (const [k, o] of byKey) if (o.date === e.date) byKey.set(k, { ...o, ...base, status: 'holiday' });
      continue;
    }
    if (!e.start || !e.end) continue;
    const k = key(e.date, e.start);
    const existing = byKey.get(k);
    if (e.kind === 'cancelled') {
      if (existing) byKey.set(k, { ...existing, ...base, status: 'cancelled' });
      else if (inRange(e.date))
        byKey.set(k, {
          ...slot(e.date, e.start, e.end),
          ...plain,
          ...base,
          status: 'cancelled',
          place: e.place,
        });
    } else if (e.kind === 'moved') {
      if (!e.newDate || !e.newStart || !e.newEnd) continue;
      const movedTo = { date: e.newDate, start: e.newStart, end: e.newEnd };
      const place = e.place ?? existing?.place ?? null;
      if (inRange(e.date))
        byKey.set(k, {
          ...(existing ?? { ...slot(e.date, e.start, e.end), ...plain, place }),
          ...base,
          status: 'moved',
          movedTo,
        });
      if (inRange(e.newDate))
        byKey.set(key(e.newDate, e.newStart), {
          ...slot(e.newDate, e.newStart, e.newEnd),
          ...plain,
          ...base,
          status: 'scheduled',
          place,
          movedFrom: { date: e.date, start: e.start },
        });
    } else if (inRange(e.date)) {
      byKey.set(k, {
        ...slot(e.date, e.start, e.end),
        ...plain,
        ...base,
        status: e.kind,
        place: e.place ?? existing?.place ?? null,
      });
    }
  }
  return [...byKey.values()].sort((a, b) => a.startAt - b.startAt || a.start.localeCompare(b.start));
}

/** The classes that meet on one date (roll call's sessions when the classroom has a timetable). */
export function meetingsOn(schedule: ClassroomSchedule, date: string): Occurrence[] {
  return occurrencesBetween(schedule, date, date).filter(meets);
}

/** A class of some classroom, for finding clashes across classrooms. */
export interface ClassroomOccurrence extends Occurrence {
  readonly classroomId: string;
}

/**
 * For each class (by index), the other classrooms whose classes overlap it in time. Only
 * classes that meet can clash; back-to-back classes (one ends as the next starts) do not.
 */
export function clashesOf(list: readonly ClassroomOccurrence[]): string[][] {
  const order = list.map((_o, i) => i).sort((a, b) => list[a]!.startAt - list[b]!.startAt);
  const clashes: Set<string>[] = list.map(() => new Set());
  for (let x = 0; x < order.length; x++) {
    const a = list[order[x]!]!;
    if (!meets(a)) continue;
    for (let y = x + 1; y < order.length; y++) {
      const b = list[order[y]!]!;
      if (b.startAt >= a.endAt) break;
      if (!meets(b) || b.classroomId === a.classroomId) continue;
      clashes[order[x]!]!.add(b.classroomId);
      clashes[order[y]!]!.add(a.classroomId);
    }
  }
  return clashes.map((s) => [...s]);
}

/**
 * The classes a punch at `at` may concern when the classroom keeps a timetable: those that meet
 * on its Bangladesh date, and the previous date's still running past midnight — as
 * `sessionsAround` does for bare weekly timings, but a cancelled, moved or holiday class is not
 * one (the punch is logged and marks nothing) and an extra class or exam day is.
 */
export function meetingsAround(schedule: ClassroomSchedule, at: number): Occurrence[] {
  const today = dayOf(at);
  const overnight = meetingsOn(schedule, addDays(today, -1)).filter((o) => o.endAt >= at);
  return [...overnight, ...meetingsOn(schedule, today)];
}

/**
 * Which sessions attendance counts (part 1 §3 "Batch" `Timings`/`Events`: the schedule decides
 * when class is): for a classroom with weekly timings, only the classes its timetable says met in
 * `from`…`to` — a session marked on a day without class, or on a cancelled one, is neither held
 * nor absent. A classroom without timings keeps the manual way: every marked session counts (null).
 */
export function countedSessions(
  schedule: ClassroomSchedule,
  from: string,
  to: string,
): ((session: { date: string; start: string }) => boolean) | null {
  if (schedule.timings.length === 0) return null;
  const on = new Set(
    occurrencesBetween(schedule, from, to)
      .filter(meets)
      .map((o) => `${o.date} ${o.start}`),
  );
  return (session) => on.has(`${session.date} ${session.start}`);
}
