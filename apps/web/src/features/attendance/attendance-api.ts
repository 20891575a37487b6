import {
  type AttendanceStatus,
  attendanceReportEndpoints as endpoints,
  type RollCall,
  type RollCallSaveInput,
} from '@batchwise/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, endpointQuery, queryKeyOf } from '../../lib/api-client';
import { formatClock, formatStart } from '../../lib/format-time';

export type { AttendanceStatus, RollCall };

/** The order the roll call's buttons, the register's totals and exports list statuses in. */
export const STATUSES: readonly AttendanceStatus[] = ['present', 'late', 'absent', 'leave'];

/** Colours of the statuses (Ant Design preset names): the same in buttons, grid and calendar. */
export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: 'green',
  late: 'gold',
  absent: 'red',
  leave: 'blue',
};

interface ClassroomRef {
  accountId: string;
  classroomId: string;
}

export function rollCallQuery({ accountId, classroomId }: ClassroomRef, date: string) {
  return queryOptions({
    ...endpointQuery(endpoints.rollCall, { params: { accountId, classroomId }, query: { date } }),
    placeholderData: (previous) => (previous?.date === date ? previous : undefined),
  });
}

export function markHistoryQuery(
  { accountId, classroomId }: ClassroomRef,
  query: { date: string; start: string; studentId: string },
) {
  return endpointQuery(endpoints.markHistory, { params: { accountId, classroomId }, query });
}

export function registerQuery({ accountId, classroomId }: ClassroomRef, month: string) {
  return queryOptions({
    ...endpointQuery(endpoints.register, { params: { accountId, classroomId }, query: { month } }),
    placeholderData: (previous) => previous,
  });
}

export function studentCalendarQuery(accountId: string, studentId: string, month: string) {
  return queryOptions({
    ...endpointQuery(endpoints.studentCalendar, { params: { accountId, studentId }, query: { month } }),
    placeholderData: (previous) => previous,
  });
}

export function liveBoardQuery(accountId: string) {
  return endpointQuery(endpoints.liveBoard, { params: { accountId } });
}

export function saveRollCall(ref: ClassroomRef, body: RollCallSaveInput) {
  return call(endpoints.saveRollCall, { params: ref, body });
}

/** Puts a saved session's marks into the cached roll call, so the screen shows them at once. */
export function storeSavedSession(
  queryClient: QueryClient,
  ref: ClassroomRef,
  date: string,
  session: RollCall['sessions'][number],
) {
  const key = queryKeyOf(endpoints.rollCall, { params: ref, query: { date } });
  queryClient.setQueryData<RollCall>(key, (previous) => {
    if (!previous) return previous;
    const others = previous.sessions.filter((s) => s.start !== session.start);
    return { ...previous, sessions: [...others, session].sort((a, b) => a.start.localeCompare(b.start)) };
  });
}

/** "2026-11-25" → "25-11-2026", as the app writes dates. */
export function dmy(date: string): string {
  return date.split('-').reverse().join('-');
}

/** "2026-11-25" in the reader's locale: "Wed, 25 Nov" / "বুধ, ২৫ নভে". */
export function formatSessionDate(date: string, locale: string, withYear = false): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(time);
}

export { formatClock, formatStart };

/** Numbers in the reader's digits. */
export function formatNumber(value: number, locale: string): string {
  return value.toLocaleString(locale);
}
