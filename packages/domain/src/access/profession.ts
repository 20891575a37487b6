import { type DomainError, domainError } from '../messages';

export const PROFESSIONS = ['Teacher', 'Admin', 'TeacherAssistant', 'Student', 'Parent'] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** The professions an account can be created with at sign-up. */
export const SIGN_UP_ACCOUNT_TYPES = ['Teacher', 'Admin'] as const;
export type SignUpAccountType = (typeof SIGN_UP_ACCOUNT_TYPES)[number];

/** The common page-not-found path every unknown profession is sent to. */
export const NOT_FOUND_PATH = '404';

const HOME_PATHS: Readonly<Record<Profession, string>> = {
  Teacher: 'teacher',
  Admin: 'admin',
  TeacherAssistant: 'teacherAssistant',
  Student: 'student',
  Parent: 'parent',
};

export function isProfession(value: unknown): value is Profession {
  return typeof value === 'string' && (PROFESSIONS as readonly string[]).includes(value);
}

/**
 * The first path segment of a profession's area (`/teacher/dashboard`). Exact spelling is
 * required, as stored on the account; anything else goes to the page-not-found path.
 */
export function professionHomePath(profession: unknown): string {
  return isProfession(profession) ? HOME_PATHS[profession] : NOT_FOUND_PATH;
}

/** The dashboard a signed-in user lands on, e.g. `/teacher/dashboard`. */
export function dashboardPath(profession: unknown): string {
  return isProfession(profession) ? `/${HOME_PATHS[profession]}/dashboard` : `/${NOT_FOUND_PATH}`;
}

/** The "Invalid Account Proffession" error for anything that is not a known profession. */
export function professionError(profession: unknown): DomainError<'INVALID_PROFESSION'> | null {
  return isProfession(profession) ? null : domainError('INVALID_PROFESSION');
}
