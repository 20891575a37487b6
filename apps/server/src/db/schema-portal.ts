// The family portal (migration 0033), apart from schema.ts so it stays short.

import type { InterfaceLanguage } from '@batchwise/domain';

/** What the family portal shows of a classroom; no row: the defaults (all on, link in SMS off). */
export interface PortalClassroomSettingsTable {
  classroom_id: string;
  account_id: string;
  show_dues: number;
  online_payment: number;
  show_attendance: number;
  show_results: number;
  attendance_link_sms: number;
  updated_by: string | null;
  updated_at: number;
}

/** A child's app-free attendance link (`/a/{key}`): one per student, the key the permission. */
export interface AttendanceLinksTable {
  student_id: string;
  account_id: string;
  link_key: string;
  created_at: number;
  last_opened_at: number | null;
}

/** A phone user's own choices: the name asked once (given or skipped), language and theme. */
export interface PortalProfilesTable {
  user_id: string;
  name_asked_at: number | null;
  language: InterfaceLanguage | null;
  theme: 'system' | 'light' | 'dark';
  updated_at: number;
}

/** When a family member last opened a child's Messages: later SMS to their phone are unread. */
export interface PortalMessageReadsTable {
  user_id: string;
  student_id: string;
  read_at: number;
}

export interface PortalTables {
  portal_classroom_settings: PortalClassroomSettingsTable;
  attendance_links: AttendanceLinksTable;
  portal_profiles: PortalProfilesTable;
  portal_message_reads: PortalMessageReadsTable;
}
