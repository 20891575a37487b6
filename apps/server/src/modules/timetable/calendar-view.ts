import {
  addDays,
  type ClassroomOccurrence,
  clashesOf,
  dayNumberOf,
  dayStartMs,
  type OccurrenceView,
  occurrencesBetween,
  TIMETABLE_RANGE_MAX_DAYS,
} from '@batchwise/domain';
import { failure } from '../../lib/errors';
import { scheduleOf, type TimetableEventRow } from './timetable.repository';

/** A classroom as the calendar reads it. */
export interface CalendarClassroom {
  id: string;
  name: string;
  color: string | null;
  timings: string | null;
  start_date: string | null;
}

/** `from`…`to` must run forward and span at most TIMETABLE_RANGE_MAX_DAYS days. */
export function checkRange(from: string, to: string): void {
  const days = dayNumberOf(dayStartMs(to)) - dayNumberOf(dayStartMs(from)) + 1;
  if (!(days >= 1 && days <= TIMETABLE_RANGE_MAX_DAYS))
    throw failure(400, 'TIMETABLE_RANGE_INVALID', { max: TIMETABLE_RANGE_MAX_DAYS });
}

/**
 * The classes of these classrooms in `from`…`to` as the calendar shows them, in start order,
 * each with the other classrooms it clashes with.
 */
export function calendarOf(
  classrooms: readonly CalendarClassroom[],
  events: readonly TimetableEventRow[],
  from: string,
  to: string,
): OccurrenceView[] {
  const all: (ClassroomOccurrence & Pick<OccurrenceView, 'classroomName' | 'color'>)[] = [];
  for (const c of classrooms) {
    const own = events.filter((e) => e.classroom_id === c.id);
    const schedule = scheduleOf({ timings: c.timings, startDate: c.start_date }, own);
    for (const o of occurrencesBetween(schedule, from, to))
      all.push({ ...o, classroomId: c.id, classroomName: c.name, color: c.color });
  }
  all.sort((a, b) => a.startAt - b.startAt || a.classroomName.localeCompare(b.classroomName));
  const clashes = clashesOf(all);
  return all.map((o, i) => ({ ...o, clashesWith: clashes[i] ?? [] }));
}

/** The range a feed publishes: the past month and the next three. */
export function feedRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -31), to: addDays(today, 92) };
}
