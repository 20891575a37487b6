import {
  ATTENDANCE_ALERT_LANGUAGES,
  ATTENDANCE_ALERT_TEMPLATES,
  type AttendanceAlertKind,
  type AttendanceAlertLanguage,
  type AttendanceAlertTemplates,
  DEFAULT_PHONE,
  isValidBdPhone,
  normalizeBdPhone,
  sessionsAround,
} from '@batchwise/domain';
import type { SmsMessagesTable } from '../../db/schema-sms';
import { parseTimings } from '../classrooms/classrooms.service';

// Pieces the punch alerts, the absence SMS and the settings share.

/** Language a classroom's alerts go out in when nobody chose: Bangla, what families read. */
export const DEFAULT_ALERT_LANGUAGE: AttendanceAlertLanguage = 'bn';

/** A classroom's own texts as stored (kind → language → text); absent ones are the defaults. */
export type OwnTemplates = Partial<
  Record<AttendanceAlertKind, Partial<Record<AttendanceAlertLanguage, string>>>
>;

/** The stored JSON of a classroom's own texts; no row (null) means none. */
export function ownTemplates(json: string | null): OwnTemplates {
  return json ? (JSON.parse(json) as OwnTemplates) : {};
}

/** A classroom's template of a kind and language: its own, or the built-in default. */
export function templateOf(
  own: OwnTemplates,
  kind: AttendanceAlertKind,
  language: AttendanceAlertLanguage,
): string {
  return own[kind]?.[language] ?? ATTENDANCE_ALERT_TEMPLATES[kind][language];
}

/** Every template of a classroom (each kind in each language), defaults filled in. */
export function templatesOf(own: OwnTemplates): AttendanceAlertTemplates {
  const every = (kind: AttendanceAlertKind) =>
    Object.fromEntries(
      ATTENDANCE_ALERT_LANGUAGES.map((language) => [language, templateOf(own, kind, language)]),
    ) as Record<AttendanceAlertLanguage, string>;
  return { entry: every('entry'), exit: every('exit'), absence: every('absence') };
}

/**
 * Where a student's alert goes (the attendance capability: "to parents"): the first guardian's phone, else the
 * second's, else the student's own; null when none is a valid Bangladeshi number.
 */
export function familyPhone(student: {
  phone: string;
  parent1_phone: string | null;
  parent2_phone: string | null;
}): { phone: string; source: SmsMessagesTable['source'] } | null {
  const candidates: [string | null, SmsMessagesTable['source']][] = [
    [student.parent1_phone, 'parent1'],
    [student.parent2_phone, 'parent2'],
    [student.phone === DEFAULT_PHONE ? null : student.phone, 'student'],
  ];
  for (const [raw, source] of candidates) {
    if (!raw) continue;
    const phone = normalizeBdPhone(raw);
    if (isValidBdPhone(phone)) return { phone, source };
  }
  return null;
}

/**
 * Of a student's classrooms with alerts on, the one a punch concerns: the one whose session is
 * nearest the punch (running at that moment beats starting soon), else the first by name. Its
 * template, language and window apply, so a student in three classrooms gets one SMS, not three.
 */
export function classroomOfPunch<T extends { timings: string | null }>(
  rooms: readonly T[],
  at: number,
): T | undefined {
  let best: T | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const room of rooms) {
    for (const session of sessionsAround(parseTimings(room.timings), at)) {
      const distance =
        at < session.startAt ? session.startAt - at : at > session.endAt ? at - session.endAt : 0;
      if (distance < bestDistance) {
        best = room;
        bestDistance = distance;
      }
    }
  }
  return best ?? rooms[0];
}
