import {
  type AdmissionApplicationView,
  type AdmissionSettingsPayload,
  type AdmissionSettingsView,
  admissionSettingsSchema,
  hasDuplicateMark,
  type InterfaceLanguage,
  isInterfaceLanguage,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { AdmissionApplicationsTable } from '../../db/schema-admission';
import { pictureUrl } from '../media/images';

/** The account's settings JSON keeps the admission settings under this key (db/schema.ts AccountsTable). */
export const ADMISSION_SETTINGS_KEY = 'admission';

export interface StoredAdmissionSettings {
  settings: AdmissionSettingsPayload;
  language: InterfaceLanguage;
}

/**
 * The admission settings of an account's settings JSON. Settings saved by an older or broken
 * client fall back to the defaults (nothing extra collected) rather than closing the form.
 */
export function admissionSettingsOf(settingsJson: string): StoredAdmissionSettings {
  const stored = (JSON.parse(settingsJson) as Record<string, unknown>)[ADMISSION_SETTINGS_KEY] as
    | Record<string, unknown>
    | undefined;
  const parsed = admissionSettingsSchema.safeParse(stored ?? {});
  return {
    settings: parsed.success ? parsed.data : admissionSettingsSchema.parse({}),
    language: isInterfaceLanguage(stored?.language) ? stored.language : 'en',
  };
}

/** The wizard's path for this institution: the key is the account id (part 1 §2.1). */
export const admissionLinkOf = (accountId: string) =>
  `/s-online-admission?key=${encodeURIComponent(accountId)}`;

/** The settings as staff read them, with the link to share. */
export function settingsView(accountId: string, saved: StoredAdmissionSettings): AdmissionSettingsView {
  return { settings: saved.settings, language: saved.language, link: admissionLinkOf(accountId) };
}

/**
 * A stored application as staff see it; text goes out as typed (the web escapes it). The picture
 * is the one its form issued to it (AdmissionRepository's picture_key), never the stored address:
 * an outside address would tell an applicant who opened the inbox, and when.
 */
export function applicationView(
  row: Selectable<AdmissionApplicationsTable> & { picture_key: string | null },
): AdmissionApplicationView {
  return {
    id: row.id,
    number: Number(row.number),
    name: row.name,
    phone: row.phone,
    duplicate: hasDuplicateMark(row.phone),
    parent1Phone: row.parent1_phone,
    parent2Phone: row.parent2_phone,
    details: row.details,
    courseClassroomId: row.course_classroom_id,
    customFields: JSON.parse(row.custom_fields) as Record<string, string>,
    avatarUrl: pictureUrl(row.picture_key),
    status: row.status,
    rejectReason: row.reject_reason,
    studentId: row.student_id,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}
