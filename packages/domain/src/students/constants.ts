// Defaults of student and enrolment records (part 2 §3, §9).

/** Prefix shown before a custom student ID. */
export const CUSTOM_ID_PREFIX = 'ID-';
export const DEFAULT_INSTITUTION = 'Private';
/** Stored when a student has no phone yet. */
export const DEFAULT_PHONE = 'Unset';
export const DEFAULT_STUDENT_TYPE = 'Physical';
export const DEFAULT_VIDEO_PERMISSION = 'Allowed';
/** How long an error toast and the clash message stay on screen. */
export const ERROR_TOAST_MS = 5000;
/** Validity of a student or teacher auto-login link. */
export const AUTH_LINK_VALIDITY_DAYS = 180;
export const AUTH_LINK_VALIDITY_MS = AUTH_LINK_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

/** Placeholder classroom names that must never be offered in a classroom pick list. */
export const EXCLUDED_CLASSROOM_NAMES = [
  'Unknown-Classroom',
  'Unknown-Batch',
  'Unknown-Stream',
  'Unknown-Subject',
  'Hidden-Demo',
  'Hidden-Classroom',
  'Unknown',
] as const;

/** Classroom types that are never shown to (or loaded for) students. */
export const HIDDEN_FROM_STUDENTS_TYPES = ['Others', 'Management Internal', 'Hidden'] as const;

const EXCLUDED = new Set(EXCLUDED_CLASSROOM_NAMES.map((name) => name.toLowerCase()));
const HIDDEN_TYPES = new Set(HIDDEN_FROM_STUDENTS_TYPES.map((type) => type.toLowerCase()));

/**
 * Whether a classroom may appear in the "Classrooms To Include In" list. Placeholder names are
 * matched ignoring case and surrounding spaces, since they were typed by hand in old data.
 */
export function isPickableClassroom(name: string | null | undefined): boolean {
  if (typeof name !== 'string' || name.trim() === '') return false;
  return !EXCLUDED.has(name.trim().toLowerCase());
}

/** Whether a classroom of this type is hidden from students. */
export function isHiddenFromStudents(type: string | null | undefined): boolean {
  return typeof type === 'string' && HIDDEN_TYPES.has(type.trim().toLowerCase());
}
