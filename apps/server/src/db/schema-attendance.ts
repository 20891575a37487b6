// Attendance core (migration 0026), apart from schema.ts so it stays short.

/** A kiosk (device key) or a ZKTeco device (serial) of one account. */
export interface AttendanceDevicesTable {
  id: string;
  account_id: string;
  kind: 'kiosk' | 'zkteco';
  name: string;
  /** ZKTeco serial number (SN), unique; null for kiosks. */
  serial: string | null;
  /** SHA-256 (hex) of a kiosk's device key, unique; null for ZKTeco devices. */
  key_hash: string | null;
  created_by: string | null;
  created_at: number;
  last_contact_at: number | null;
  revoked_at: number | null;
}

export type PunchDirectionColumn = 'entry' | 'exit';
export type PunchViaColumn = 'rfid' | 'qr' | 'nfc' | 'face' | 'zkteco' | 'manual';

/** One entry or exit of a student. UNIQUE (device_id, dedupe_key). */
export interface AttendancePunchesTable {
  id: string;
  account_id: string;
  student_id: string;
  /** null: entered by hand. */
  device_id: string | null;
  direction: PunchDirectionColumn;
  /** The moment of the punch (ms). */
  at: number;
  via: PunchViaColumn;
  /** Kiosk: the client id; ZKTeco: `${pin}|${device local time}`. */
  dedupe_key: string;
  /** ZKTeco's raw verify code (fingerprint, card, face…), kept as sent. */
  verify_code: number | null;
  /** Face punches at the kiosk: the distance of the face to the registered one (migration 0076). */
  match_distance?: number | null;
  created_at: number;
}

export type AttendanceStatusColumn = 'present' | 'late' | 'absent' | 'leave';
export type MarkSourceColumn = 'roll-call' | 'punch' | 'zoom';

/** A student's attendance in one session. PRIMARY KEY (classroom_id, student_id, session_date, session_start). */
export interface AttendanceMarksTable {
  classroom_id: string;
  student_id: string;
  /** YYYY-MM-DD: the Bangladesh date the session starts. */
  session_date: string;
  /** HH:mm, the classroom timing's start. */
  session_start: string;
  status: AttendanceStatusColumn;
  source: MarkSourceColumn;
  /** The person who marked it; null for a device. */
  marked_by: string | null;
  marked_at: number;
}

/** Every change of a mark: corrections keep who and when. */
export interface AttendanceMarkHistoryTable {
  id: string;
  classroom_id: string;
  student_id: string;
  session_date: string;
  session_start: string;
  status: AttendanceStatusColumn;
  previous_status: AttendanceStatusColumn | null;
  source: MarkSourceColumn;
  marked_by: string | null;
  marked_at: number;
}

/** Per classroom; a missing row means the defaults. */
export interface AttendanceSettingsTable {
  classroom_id: string;
  late_after_minutes: number;
  sms_mode: 'off' | 'entry' | 'both';
  sms_window_minutes: number;
  /** 0/1 */
  absence_sms: number;
  updated_by: string | null;
  updated_at: number;
}

export interface AttendanceTables {
  attendance_devices: AttendanceDevicesTable;
  attendance_punches: AttendancePunchesTable;
  attendance_marks: AttendanceMarksTable;
  attendance_mark_history: AttendanceMarkHistoryTable;
  attendance_settings: AttendanceSettingsTable;
}
