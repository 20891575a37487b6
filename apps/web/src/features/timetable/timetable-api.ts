import { addDays, timetableEndpoints as endpoints, type TimetableEventInput } from '@batchwise/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery } from '../../lib/api-client';
import { WEEK } from '../../lib/calendar-days';

// The timetable (server modules/timetable).

export type CalendarView = 'week' | 'month';

/** The dates a view of `anchor` shows: its Saturday-first week, or its month. */
export function rangeOf(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'month') {
    const first = `${anchor.slice(0, 7)}-01`;
    const next = new Date(`${first}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { from: first, to: addDays(next.toISOString().slice(0, 10), -1) };
  }
  const back = WEEK.indexOf(new Date(`${anchor}T00:00:00Z`).getUTCDay() as (typeof WEEK)[number]);
  const from = addDays(anchor, -back);
  return { from, to: addDays(from, 6) };
}

/** The anchor one view earlier (-1) or later (+1). */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const d = new Date(`${anchor.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + step);
  return d.toISOString().slice(0, 10);
}

export function timetableQuery(accountId: string, range: { from: string; to: string }) {
  return queryOptions({
    ...endpointQuery(endpoints.timetable, { params: { accountId }, query: range }),
    placeholderData: keepPreviousData,
  });
}

export function timetableEventsQuery(accountId: string, classroomId: string) {
  return queryOptions(endpointQuery(endpoints.events, { params: { accountId, classroomId } }));
}

export const timetableApi = {
  addEvent: (accountId: string, classroomId: string, body: TimetableEventInput) =>
    call(endpoints.addEvent, { params: { accountId, classroomId }, body }),
  removeEvent: (accountId: string, classroomId: string, eventId: string) =>
    call(endpoints.removeEvent, { params: { accountId, classroomId, eventId } }),
  makeFeed: (accountId: string, classroomId: string) =>
    call(endpoints.classroomFeed, { params: { accountId, classroomId } }),
  stopFeed: (accountId: string, classroomId: string) =>
    call(endpoints.revokeClassroomFeed, { params: { accountId, classroomId } }),
};
