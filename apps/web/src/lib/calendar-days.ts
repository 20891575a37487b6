import { dayOf, monthDays, type StudentCalendar } from '@batchwise/domain';

/**
 * A student's attendance month laid out by day, shared by the staff's calendar drawer and the
 * family portal's attendance page: each day's marks and its first entry and last exit punch.
 */

/** Saturday first: the Bangladesh school week starts on Saturday (JavaScript day numbers). */
export const WEEK = [6, 0, 1, 2, 3, 4, 5] as const;

export interface CalendarDay {
  date: string;
  marks: StudentCalendar['marks'];
  entry: number | null;
  exit: number | null;
}

export function calendarDaysOf(
  calendar: Pick<StudentCalendar, 'month' | 'marks' | 'punches'>,
): CalendarDay[] {
  const { from, to } = monthDays(calendar.month);
  const days: CalendarDay[] = [];
  for (let d = Number(from.slice(8)); d <= Number(to.slice(8)); d++) {
    const date = `${calendar.month}-${String(d).padStart(2, '0')}`;
    const punches = calendar.punches.filter((p) => dayOf(p.at) === date);
    days.push({
      date,
      marks: calendar.marks.filter((m) => m.date === date),
      entry: punches.find((p) => p.direction === 'entry')?.at ?? null,
      exit: punches.filter((p) => p.direction === 'exit').at(-1)?.at ?? null,
    });
  }
  return days;
}

/** Blank cells before the month's first day in a Saturday-first week. */
export function leadBlanks(firstDate: string): number {
  return WEEK.indexOf(new Date(`${firstDate}T00:00:00Z`).getUTCDay() as (typeof WEEK)[number]);
}

/** A week day's one-letter name in the reader's language (JavaScript day number). */
export function weekdayLetter(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 4 + day),
  );
}
