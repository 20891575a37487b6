// Parent SMS on attendance (migration 0030), apart from schema.ts so it stays
// short. The switches themselves (sms_mode, window, absence_sms, late time) are in
// attendance_settings (0026); this holds the texts, the per-direction window and the log.

import type { InterfaceLanguage } from '@batchwise/domain';

export type AttendanceAlertKindColumn = 'entry' | 'exit' | 'absence';

/**
 * A classroom's alert language and its own templates (migration 0068): `templates` is JSON of
 * kind → language → text, holding only the texts changed from the built-in default, so a language
 * or a kind left out reads the default.
 */
export interface AttendanceAlertTextsTable {
  classroom_id: string;
  language: InterfaceLanguage;
  templates: string;
  updated_by: string | null;
  updated_at: number;
}

/**
 * The punch moment of the latest entry (or exit) SMS claimed for a student. Claimed by a
 * conditional upsert, so two workers never both send within one window.
 */
export interface AttendanceAlertWindowsTable {
  student_id: string;
  direction: 'entry' | 'exit';
  last_at: number;
}

/**
 * Every alert handled, sent or skipped with why, once: `dedupe_key` is `punch:{punchId}` or
 * `absence:{classroomId}:{studentId}:{date}:{start}` (`…:session` for a whole session skipped),
 * so a retried job finds its row and never sends twice.
 */
export interface AttendanceAlertsTable {
  id: string;
  account_id: string;
  dedupe_key: string;
  kind: AttendanceAlertKindColumn;
  student_id: string | null;
  classroom_id: string | null;
  punch_id: string | null;
  at: number;
  outcome: 'sent' | 'skipped';
  reason: 'window' | 'no-phone' | 'no-quota' | 'stale' | 'condition' | 'no-marks' | null;
  phone: string | null;
  text: string | null;
  parts: number;
  send_id: string | null;
  created_at: number;
}

export interface AttendanceAlertTables {
  attendance_alert_texts: AttendanceAlertTextsTable;
  attendance_alert_windows: AttendanceAlertWindowsTable;
  attendance_alerts: AttendanceAlertsTable;
}
