import { type DomainError, domainError } from '../messages';
import { phoneFormError } from '../phone/form-rule';

// Required-field rules of the student edit drawer (part 2 §5 "Student drawer fields").

export function studentNameError(
  name: string | null | undefined,
): DomainError<'STUDENT_NAME_REQUIRED'> | null {
  return (name ?? '').trim() === '' ? domainError('STUDENT_NAME_REQUIRED') : null;
}

/** Required, then the shared phone rule (a trailing duplicate mark `D` is allowed). */
export function studentPhoneError(phone: string | null | undefined): DomainError | null {
  if ((phone ?? '').trim() === '') return domainError('STUDENT_PHONE_REQUIRED');
  return phoneFormError(phone ?? '', { student: true });
}

/** Parent phones are optional; the letters d and D are stripped before the shared rule. */
export function parentPhoneError(phone: string | null | undefined): DomainError | null {
  return phoneFormError((phone ?? '').replace(/[dD]/g, ''));
}

/**
 * Institution is required in the administrator version and in SMS_LMS_GATEWAY mode, where the
 * field is shown; elsewhere it is hidden and defaults to "Private".
 */
export function studentInstitutionError(
  institution: string | null | undefined,
  required: boolean,
): DomainError<'STUDENT_INSTITUTION_REQUIRED'> | null {
  return required && (institution ?? '').trim() === '' ? domainError('STUDENT_INSTITUTION_REQUIRED') : null;
}

/** Picture uploads: png, jpg or jpeg only, judged by the file name's extension. */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

export function pictureFileError(fileName: string): DomainError<'PICTURE_TYPE_INVALID'> | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return (PICTURE_EXTENSIONS as readonly string[]).includes(extension)
    ? null
    : domainError('PICTURE_TYPE_INVALID', { file: fileName });
}
