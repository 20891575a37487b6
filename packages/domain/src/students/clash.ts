import { type DomainError, domainError } from '../messages';
import { hasDuplicateMark, normalizeBdPhone } from '../phone/normalize';

export type ClashError = DomainError<'STUDENT_CLASH' | 'STUDENT_CLASH_IN_TEACHER'>;

/**
 * The clash message naming the student and classroom already holding the phone, custom ID or
 * RFID. The teacher's name is added when known (admins see students of several teachers).
 */
export function studentClashError(clash: {
  readonly name: string;
  readonly batch: string;
  readonly teacher?: string | null;
}): ClashError {
  const teacher = clash.teacher?.trim();
  return teacher
    ? domainError('STUDENT_CLASH_IN_TEACHER', { name: clash.name, batch: clash.batch, teacher })
    : domainError('STUDENT_CLASH', { name: clash.name, batch: clash.batch });
}

/** What the user is saving for one student. */
export interface ClashCandidate {
  /** The student being saved; records of the same student never clash with it. */
  readonly uid: string;
  readonly phone?: string | null;
  readonly customID?: string | null;
  readonly rfid?: string | null;
}

/** A student the user can see, in one of the visible classrooms. */
export interface VisibleStudent {
  readonly uid: string;
  readonly name: string;
  readonly batchName: string;
  readonly teacherName?: string | null;
  readonly phone?: string | null;
  readonly customID?: string | null;
  readonly rfid?: string | null;
}

export type ClashField = 'phone' | 'customID' | 'rfid';

function phoneKey(phone: string | null | undefined): string {
  if (!phone || hasDuplicateMark(phone)) return '';
  const normalized = normalizeBdPhone(phone);
  return normalized === '+880' ? '' : normalized;
}

function textKey(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * The first visible student (other than the candidate) sharing its phone, custom ID or RFID.
 * Phones are compared normalised; a phone ending in the duplicate mark `D` never clashes,
 * since that mark is how a family shares one number. IDs and RFID codes ignore case.
 */
export function findStudentClash(
  candidate: ClashCandidate,
  students: readonly VisibleStudent[],
): { readonly field: ClashField; readonly student: VisibleStudent; readonly error: ClashError } | null {
  const wanted: Record<ClashField, string> = {
    phone: phoneKey(candidate.phone),
    customID: textKey(candidate.customID),
    rfid: textKey(candidate.rfid),
  };
  for (const student of students) {
    if (student.uid === candidate.uid) continue;
    const have: Record<ClashField, string> = {
      phone: phoneKey(student.phone),
      customID: textKey(student.customID),
      rfid: textKey(student.rfid),
    };
    for (const field of ['phone', 'customID', 'rfid'] as const) {
      if (wanted[field] !== '' && wanted[field] === have[field]) {
        const error = studentClashError({
          name: student.name,
          batch: student.batchName,
          teacher: student.teacherName,
        });
        return { field, student, error };
      }
    }
  }
  return null;
}
