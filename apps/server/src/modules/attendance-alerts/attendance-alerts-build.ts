import {
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

type TemplateColumns = {
  [K in `${AttendanceAlertKind}_${AttendanceAlertLanguage}`]?: string | null;
};

/** A classroom's template of a kind and language: its own, or the built-in default. */
export function templateOf(
  row: TemplateColumns,
  kind: AttendanceAlertKind,
  language: AttendanceAlertLanguage,
): string {
  return row[`${kind}_${language}`] ?? ATTENDANCE_ALERT_TEMPLATES[kind][language];
}

/** All six templates of a classroom, defaults filled in. */
export function templatesOf(row: TemplateColumns): AttendanceAlertTemplates {
  const both = (kind: AttendanceAlertKind) => ({
    en: templateOf(row, kind, 'en'),
    bn: templateOf(row, kind, 'bn'),
  });
  return { entry: both('entry'), exit: both('exit'), absence: both('absence') };
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
