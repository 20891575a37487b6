import { toBanglaDigits } from '../fees/dues-reminder';
import type { Sheet } from '../sheet';
import { DHAKA_UTC_OFFSET_MS } from '../sms/quiet-hours';
import { smsCount } from '../sms/sms';
import { planTemplateMessages, type TemplateProblem, templateProblems } from '../sms/template/build';
import { stripHashtags } from '../text/checks';

// Parent SMS on attendance: a message when a student enters or leaves the
// centre, and an optional one when they miss a session. Each message is built by the SMS
// module's template rules (sms/template/build.ts) from a one-row sheet, so an alert template
// takes the same placeholders, `| hide` and include-if conditions as any template.

/** Per classroom: no entry/exit SMS, entry only, or entry and exit. */
export const ATTENDANCE_SMS_MODES = ['off', 'entry', 'both'] as const;
export type AttendanceSmsMode = (typeof ATTENDANCE_SMS_MODES)[number];

/** What an alert reports: a punch in, a punch out, or a missed session. */
export const ATTENDANCE_ALERT_KINDS = ['entry', 'exit', 'absence'] as const;
export type AttendanceAlertKind = (typeof ATTENDANCE_ALERT_KINDS)[number];

export const ATTENDANCE_ALERT_LANGUAGES = ['en', 'bn'] as const;
export type AttendanceAlertLanguage = (typeof ATTENDANCE_ALERT_LANGUAGES)[number];

/** Fewest and most minutes of the "one SMS per direction per student" window; its default. */
export const ATTENDANCE_SMS_WINDOW = { min: 1, max: 720, default: 30 } as const;
/** Most minutes after a session's start that a punch still counts as on time. */
export const ATTENDANCE_LATE_AFTER_MAX = 240;

/**
 * The columns an alert template may name. Time is the punch's Bangladesh time (`8:05 AM`; in
 * Bangla `সকাল ৮:০৫`), Date its Bangladesh date, Direction the verb of the kind (`entered` /
 * `left` / `absent`), Classroom the name of the classroom whose setting sent it, Link the child's
 * attendance month (`/a/{key}`) when the classroom's portal settings put it in attendance SMS
 * (empty otherwise; appended when the template does not place it).
 */
export const ATTENDANCE_ALERT_COLUMNS = [
  'Name',
  'ID',
  'Phone',
  'Time',
  'Date',
  'Direction',
  'Institution',
  'Classroom',
  'Link',
] as const;

/**
 * The messages a classroom starts from. The Bangla ones stay within one SMS (70 UCS-2 units) for
 * usual names (integrations.md §3.5: a Bangla text is billed per 70 characters).
 */
export const ATTENDANCE_ALERT_TEMPLATES: Readonly<
  Record<AttendanceAlertKind, Readonly<Record<AttendanceAlertLanguage, string>>>
> = {
  entry: {
    en: 'Dear guardian, {Name} arrived at {Institution} at {Time}.',
    bn: '{Name} {Time}-এ {Institution}-এ প্রবেশ করেছে।',
  },
  exit: {
    en: 'Dear guardian, {Name} left {Institution} at {Time}.',
    bn: '{Name} {Time}-এ {Institution} থেকে বের হয়েছে।',
  },
  absence: {
    en: 'Dear guardian, {Name} is absent from {Classroom} at {Institution} today ({Date}).',
    bn: '{Name} আজ {Institution}-এর {Classroom} ক্লাসে অনুপস্থিত।',
  },
};

const DIRECTION_WORDS: Readonly<
  Record<AttendanceAlertKind, Readonly<Record<AttendanceAlertLanguage, string>>>
> = {
  entry: { en: 'entered', bn: 'প্রবেশ করেছে' },
  exit: { en: 'left', bn: 'বের হয়েছে' },
  absence: { en: 'absent', bn: 'অনুপস্থিত' },
};

/** Whether a classroom's mode sends an SMS for a punch in this direction. */
export function smsModeCovers(mode: AttendanceSmsMode, direction: 'entry' | 'exit'): boolean {
  return mode === 'both' || (mode === 'entry' && direction === 'entry');
}

/** Hours and minutes on the Bangladesh wall clock at a moment. */
function bangladeshClock(at: number): { hours: number; minutes: number } {
  const local = new Date(at + DHAKA_UTC_OFFSET_MS);
  return { hours: local.getUTCHours(), minutes: local.getUTCMinutes() };
}

/** The part of the day Bangla speakers name before a 12-hour time (ভোর, সকাল, দুপুর…). */
function banglaDayPart(hours: number): string {
  if (hours >= 4 && hours < 6) return 'ভোর';
  if (hours >= 6 && hours < 12) return 'সকাল';
  if (hours >= 12 && hours < 15) return 'দুপুর';
  if (hours >= 15 && hours < 18) return 'বিকাল';
  if (hours >= 18 && hours < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/**
 * A moment's Bangladesh time as a family reads it: `8:05 AM` in English, `সকাল ৮:০৫` in Bangla
 * (the part of the day instead of AM/PM, Bangla digits).
 */
export function alertTimeText(at: number, language: AttendanceAlertLanguage): string {
  const { hours, minutes } = bangladeshClock(at);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const clock = `${hour12}:${String(minutes).padStart(2, '0')}`;
  return language === 'bn'
    ? `${banglaDayPart(hours)} ${toBanglaDigits(clock)}`
    : `${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A moment's Bangladesh date as `DD-MM-YYYY` (Bangla digits in Bangla). */
export function alertDateText(at: number, language: AttendanceAlertLanguage): string {
  const [year, month, day] = new Date(at + DHAKA_UTC_OFFSET_MS).toISOString().slice(0, 10).split('-');
  const text = `${day}-${month}-${year}`;
  return language === 'bn' ? toBanglaDigits(text) : text;
}

/** The word of `{Direction}`. */
export function alertDirectionText(kind: AttendanceAlertKind, language: AttendanceAlertLanguage): string {
  return DIRECTION_WORDS[kind][language];
}

/** What one alert says: who, when, where. */
export interface AttendanceAlertValues {
  readonly kind: AttendanceAlertKind;
  readonly name: string;
  readonly customId: string | null;
  /** The number it goes to (+8801XXXXXXXXX). */
  readonly phone: string;
  /** The punch's moment, or the session's start for an absence. */
  readonly at: number;
  readonly institution: string;
  readonly classroom: string;
  /** The child's attendance link, when the classroom sends it; it costs characters. */
  readonly link?: string;
}

/** The one-row sheet an alert template is applied to (phone column `Phone`). */
export function attendanceAlertSheet(
  values: AttendanceAlertValues,
  language: AttendanceAlertLanguage,
): Sheet {
  return [
    [...ATTENDANCE_ALERT_COLUMNS],
    [
      values.name,
      values.customId ?? '',
      values.phone,
      alertTimeText(values.at, language),
      alertDateText(values.at, language),
      alertDirectionText(values.kind, language),
      values.institution,
      values.classroom,
      values.link ?? '',
    ],
  ];
}

/** An alert as it goes out: its text (hashtags removed, trimmed) and the SMS the gateway bills. */
export interface RenderedAlert {
  readonly text: string;
  readonly parts: number;
}

/**
 * The message of one alert, or null when the template's include-if conditions leave this one out
 * (or the phone is not a valid Bangladeshi number). Counted as a template message (sms.ts smsCount).
 */
export function renderAttendanceAlert(
  template: string,
  values: AttendanceAlertValues,
  language: AttendanceAlertLanguage,
): RenderedAlert | null {
  const sheet = attendanceAlertSheet(values, language);
  // Without a link `{Link}` is dropped (an empty cell would print the engine's blank mark).
  const placed = !values.link
    ? template.replace(/\s*\{Link\}/gi, '')
    : /\{Link\}/i.test(template)
      ? template
      : `${template} {Link}`;
  const [message] = planTemplateMessages(placed, sheet, { phoneColumn: 'Phone', now: values.at }).messages;
  if (!message) return null;
  const text = stripHashtags(message.text).trim();
  if (text === '') return null;
  return { text, parts: smsCount(text, 'template').sms };
}

/** Everything in an alert template that would not work: unknown columns, unreadable conditions. */
export function attendanceAlertTemplateProblems(template: string): TemplateProblem[] {
  return templateProblems(template, [...ATTENDANCE_ALERT_COLUMNS], 'Phone');
}
