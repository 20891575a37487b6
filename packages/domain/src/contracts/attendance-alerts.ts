import { z } from 'zod';
import {
  ATTENDANCE_ALERT_KINDS,
  ATTENDANCE_ALERT_LANGUAGES,
  ATTENDANCE_LATE_AFTER_MAX,
  ATTENDANCE_SMS_MODES,
  ATTENDANCE_SMS_WINDOW,
  type AttendanceAlertLanguage,
} from '../attendance-alerts/alerts';
import { timestampField } from './fields';

// HTTP contracts of the parent SMS on attendance: a classroom's alert settings
// with its message templates, the classrooms' modes at a glance, and the log of alerts sent or
// skipped (with why) for the teacher to see.

/** Most characters of one alert template (alerts are meant to stay one or two SMS). */
export const ATTENDANCE_ALERT_TEMPLATE_MAX = 500;

const templateText = z.string().trim().min(1).max(ATTENDANCE_ALERT_TEMPLATE_MAX);
const everyLanguage = z.object({
  en: templateText,
  bn: templateText,
  zh: templateText,
  ar: templateText,
  it: templateText,
  es: templateText,
  fr: templateText,
}) satisfies z.ZodType<Record<AttendanceAlertLanguage, string>>;

/** The messages of a classroom, per kind and language (every interface language). */
export const attendanceAlertTemplatesSchema = z.object({
  entry: everyLanguage,
  exit: everyLanguage,
  absence: everyLanguage,
});
export type AttendanceAlertTemplates = z.output<typeof attendanceAlertTemplatesSchema>;

/** What a save may send: a language left out keeps the built-in text. */
const attendanceAlertTemplatesInputSchema = z.object({
  entry: everyLanguage.partial(),
  exit: everyLanguage.partial(),
  absence: everyLanguage.partial(),
});

export const attendanceAlertSettingsInputSchema = z.object({
  smsMode: z.enum(ATTENDANCE_SMS_MODES).describe('No entry/exit SMS, entry only, or entry and exit'),
  smsWindowMinutes: z
    .number()
    .int()
    .min(ATTENDANCE_SMS_WINDOW.min)
    .max(ATTENDANCE_SMS_WINDOW.max)
    .describe('At most one SMS per direction per student within this many minutes'),
  absenceSms: z.boolean().describe('An SMS to students who miss a session (after the late time)'),
  lateAfterMinutes: z
    .number()
    .int()
    .min(0)
    .max(ATTENDANCE_LATE_AFTER_MAX)
    .describe('A punch this many minutes after the start is late; absence SMS go out then'),
  language: z.enum(ATTENDANCE_ALERT_LANGUAGES).describe("Which language's templates are sent"),
  templates: attendanceAlertTemplatesInputSchema,
});
export type AttendanceAlertSettingsInput = z.input<typeof attendanceAlertSettingsInputSchema>;

export const attendanceAlertSettingsSchema = attendanceAlertSettingsInputSchema.extend({
  templates: attendanceAlertTemplatesSchema,
  classroomId: z.string(),
  classroomName: z.string(),
  institution: z.string().describe('What {Institution} becomes'),
  updatedAt: timestampField.nullable().describe('Never saved: null (the defaults apply)'),
});
export type AttendanceAlertSettings = z.output<typeof attendanceAlertSettingsSchema>;

/** Each classroom of the account with its alert mode, for the page's picker. */
export const attendanceAlertClassroomsSchema = z.object({
  classrooms: z.array(
    z.object({
      classroomId: z.string(),
      accountId: z.string().describe("The classroom's own account (an admin's list spans their teachers')"),
      name: z.string(),
      smsMode: z.enum(ATTENDANCE_SMS_MODES),
      absenceSms: z.boolean(),
    }),
  ),
});
export type AttendanceAlertClassrooms = z.output<typeof attendanceAlertClassroomsSchema>;

export const ATTENDANCE_ALERT_OUTCOMES = ['sent', 'skipped'] as const;
export type AttendanceAlertOutcome = (typeof ATTENDANCE_ALERT_OUTCOMES)[number];

/**
 * Why an alert was not sent: another went out for the same direction within the window; no
 * valid phone; the SMS quota could not pay; the punch reached us too late to be news (a kiosk
 * offline for hours); the template's include-if left it out; nobody was marked in the session
 * (an absence SMS to a whole class that did not meet would be wrong).
 */
export const ATTENDANCE_ALERT_SKIP_REASONS = [
  'window',
  'no-phone',
  'no-quota',
  'stale',
  'condition',
  'no-marks',
] as const;
export type AttendanceAlertSkipReason = (typeof ATTENDANCE_ALERT_SKIP_REASONS)[number];

export const attendanceAlertLogQuerySchema = z.object({
  classroomId: z.string().min(1).optional().describe('Only alerts of this classroom'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AttendanceAlertLogQuery = z.output<typeof attendanceAlertLogQuerySchema>;

export const attendanceAlertLogItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTENDANCE_ALERT_KINDS),
  outcome: z.enum(ATTENDANCE_ALERT_OUTCOMES),
  reason: z.enum(ATTENDANCE_ALERT_SKIP_REASONS).nullable(),
  studentId: z.string().nullable().describe('Null for a whole session skipped (no-marks)'),
  studentName: z.string().nullable(),
  classroomId: z.string().nullable(),
  classroomName: z.string().nullable(),
  at: timestampField.describe("The punch's moment, or the session's start"),
  createdAt: timestampField,
  phone: z.string().nullable(),
  text: z.string().nullable(),
  parts: z.number().int(),
  sendId: z.string().nullable().describe('The SMS send in the history'),
});
export type AttendanceAlertLogItem = z.output<typeof attendanceAlertLogItemSchema>;

export const attendanceAlertLogSchema = z.object({
  items: z.array(attendanceAlertLogItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AttendanceAlertLog = z.output<typeof attendanceAlertLogSchema>;
