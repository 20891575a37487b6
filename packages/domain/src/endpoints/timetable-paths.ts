/**
 * Paths of the family portal's schedule endpoints, without zod (as portal-paths.ts), so the
 * portal's light entry can call them. Fill `:studentId` with `fillPath`.
 */
export const TIMETABLE_PORTAL_PATHS = {
  schedule: '/api/portal/students/:studentId/schedule',
  feed: '/api/portal/students/:studentId/calendar-feed',
} as const;

/** The public iCalendar feed: `/calendar/{token}.ics`. */
export const CALENDAR_FEED_PATH = '/calendar/:file';
