import type { InterfaceLanguage, TimetableEventKind } from '@batchwise/domain';

// The timetable's tables (migration 0059), apart from schema.ts so it stays short.

/** One change to a classroom's weekly timings (dates `YYYY-MM-DD`, times `HH:mm`, Bangladesh). */
export interface TimetableEventsTable {
  id: string;
  account_id: string;
  classroom_id: string;
  kind: TimetableEventKind;
  date: string;
  start: string | null;
  end: string | null;
  new_date: string | null;
  new_start: string | null;
  new_end: string | null;
  place: string | null;
  note: string | null;
  sms_send_id: string | null;
  /** An exam day's reminder SMS the day before (migration 0069): its language, null for none. */
  remind_language: InterfaceLanguage | null;
  reminded_at: number | null;
  reminder_send_id: string | null;
  created_by: string | null;
  created_at: number;
}

/**
 * A live iCalendar feed link: a classroom's (made by its staff) or a child's (made by one family
 * member, one per child and member). Only the token's hash is kept; a revoked link's row is gone.
 */
export interface CalendarFeedsTable {
  id: string;
  token_hash: string;
  account_id: string;
  classroom_id: string | null;
  student_id: string | null;
  user_id: string;
  created_at: number;
}

export interface TimetableTables {
  timetable_events: TimetableEventsTable;
  calendar_feeds: CalendarFeedsTable;
}
