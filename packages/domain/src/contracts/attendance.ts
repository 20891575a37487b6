import { z } from 'zod';
import { timestampField } from './fields';

// Attendance core: punches, marks, the kiosk API and the live punch event.
// Roll call and reports (attendance-reports.ts), devices (attendance-devices.ts) and SMS alerts
// (attendance-alerts.ts) build on these names.

/** A session's attendance. Roll call sets any of them; punches set present or late. */
export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** Who set a mark: a person at roll call, a punch (a device or kiosk), or Zoom's participants of an online class. */
export const ATTENDANCE_MARK_SOURCES = ['roll-call', 'punch', 'zoom'] as const;
export type AttendanceMarkSource = (typeof ATTENDANCE_MARK_SOURCES)[number];
export const PUNCH_DIRECTIONS = ['entry', 'exit'] as const;
/** How a punch was taken: kiosk modes, a ZKTeco device, or entered by hand. */
export const PUNCH_VIAS = ['rfid', 'qr', 'nfc', 'face', 'zkteco', 'manual'] as const;
export type PunchVia = (typeof PUNCH_VIAS)[number];
/**
 * What a kiosk reads: a USB RFID reader's typed serial, a QR code, an NFC tag's serial, or a face
 * it matched on the device (sent as the student's QR payload with the match distance).
 */
export const KIOSK_VIAS = ['rfid', 'qr', 'nfc', 'face'] as const;
export type KioskVia = (typeof KIOSK_VIAS)[number];
/** Punches one kiosk request may carry: an offline queue replays in pages of this size. */
export const KIOSK_PUNCHES_MAX = 200;

/**
 * The header a kiosk sends its device key in (issued by the owner, shown once). It works only on
 * the kiosk routes (`/api/kiosk/...`) and only for the device's own account.
 */
export const DEVICE_KEY_HEADER = 'x-batchwise-device-key';

/** The live update sent to `account:{accountId}` for every punch recorded. */
export const ATTENDANCE_PUNCH_EVENT = 'attendance.punch';
export const attendancePunchEventSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  direction: z.enum(PUNCH_DIRECTIONS),
  at: timestampField,
  via: z.enum(PUNCH_VIAS),
});
export type AttendancePunchEvent = z.output<typeof attendancePunchEventSchema>;

/** A kiosk's own idea of a UUID (crypto.randomUUID or any 8-4-4-4-12 hex id). */
const clientIdField = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
  .transform((id) => id.toLowerCase())
  .describe('Id the kiosk gave the punch when it was taken: a resend with it is never a second punch');

/** One scan at a kiosk, sent at once or later from its offline queue. */
export const kioskPunchSchema = z.object({
  clientId: clientIdField,
  code: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('RFID serial as the reader typed it, QR payload (BW1:S:…) or NFC tag serial'),
  via: z.enum(KIOSK_VIAS),
  at: timestampField.describe('When it was scanned (ms); a clock far ahead is taken as now'),
  distance: z
    .number()
    .min(0)
    .max(10)
    .optional()
    .describe('Face punches: the distance between the face and the registered one it matched'),
});
export type KioskPunch = z.input<typeof kioskPunchSchema>;

/** `POST /api/kiosk/punches` */
export const kioskPunchesInputSchema = z.object({
  punches: z.array(kioskPunchSchema).min(1).max(KIOSK_PUNCHES_MAX),
});
export type KioskPunchesInput = z.input<typeof kioskPunchesInputSchema>;

/** A student as the kiosk greets them. */
export const kioskStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});
export type KioskStudent = z.output<typeof kioskStudentSchema>;

export const KIOSK_PUNCH_OUTCOMES = ['recorded', 'duplicate', 'unknown'] as const;
export type KioskPunchOutcome = (typeof KIOSK_PUNCH_OUTCOMES)[number];

/**
 * What became of one punch: recorded now, a duplicate (answered with the punch stored the first
 * time), or unknown (no student of this account has that code; nothing is stored).
 */
export const kioskPunchResultSchema = z.object({
  clientId: z.string(),
  outcome: z.enum(KIOSK_PUNCH_OUTCOMES),
  student: kioskStudentSchema.optional(),
  otherUser: z
    .boolean()
    .optional()
    .describe('true: a staff member, guard or visitor (the entry/exit log only, no attendance)'),
  direction: z.enum(PUNCH_DIRECTIONS).optional(),
  at: timestampField.optional(),
  noClass: z
    .boolean()
    .optional()
    .describe(
      "true: the student's classrooms keep a timetable and have no class now (cancelled, holiday, day off): the entry is logged, no attendance marked",
    ),
});
export type KioskPunchResult = z.output<typeof kioskPunchResultSchema>;

export const kioskPunchesResultSchema = z.object({
  results: z.array(kioskPunchResultSchema).describe('One per punch sent, in the same order'),
});
export type KioskPunchesResult = z.output<typeof kioskPunchesResultSchema>;

/** `GET /api/kiosk/device`: whose kiosk this is. */
export const kioskDeviceSchema = z.object({
  deviceName: z.string(),
  institution: z.string(),
  accountId: z.string(),
});
export type KioskDevice = z.output<typeof kioskDeviceSchema>;

/** `POST /api/kiosk/identify`: who a code belongs to; records nothing. */
export const kioskIdentifyInputSchema = z.object({
  code: z.string().trim().min(1).max(200),
});
export const kioskIdentifyResultSchema = z.object({
  outcome: z.enum(['found', 'unknown']),
  student: kioskStudentSchema.optional(),
  otherUser: z.boolean().optional().describe('true: a staff member, guard or visitor'),
});
export type KioskIdentifyResult = z.output<typeof kioskIdentifyResultSchema>;
