import {
  CUSTOM_ID_PREFIX,
  customIdError,
  DEFAULT_PHONE,
  type DomainError,
  effectiveTuitionFee,
  parentPhoneError,
  type StudentDetail,
  type StudentSaveInput,
  studentInstitutionError,
  studentNameError,
  studentPhoneError,
} from '@batchwise/domain';
import { paisaToTakaText } from '../../../lib/money-input';
import type { IncludeOption } from '../student-api';

// The drawer's state as plain data and pure rules, apart from React so it can be tested.

export interface StudentFormValues {
  name: string;
  phone: string;
  email: string;
  institution: string;
  /** The student ID without the fixed `ID-` shown before the box. */
  customIdPart: string;
  rfid: string;
  parent1Phone: string;
  parent2Phone: string;
  customFields: Record<string, string>;
}

export type FieldName = Exclude<keyof StudentFormValues, 'customFields'>;

/** One "Included Classrooms" card. */
export interface ClassroomCardState {
  classroomId: string;
  accountId: string;
  teacherName: string;
  grade: string;
  subject: string;
  name: string;
  color: string | null;
  classroomFeePaisa: number;
  /** The "Modified Tuition Fee" box, in taka as typed. */
  feeText: string;
  /** Added in this drawer and not saved yet. */
  local: boolean;
  /** The caller may change the fee and remove the student here. */
  manageStudents: boolean;
  /** The student's record in the classroom's account (an admin's teachers each keep one). */
  recordStudentId: string | null;
}

export const EMPTY_VALUES: StudentFormValues = {
  name: '',
  phone: '',
  email: '',
  institution: '',
  customIdPart: '',
  rfid: '',
  parent1Phone: '',
  parent2Phone: '',
  customFields: {},
};

/** `ID-42` → `42`; IDs with their own scheme (`EDU-12345`) are shown whole. */
export function customIdPartOf(customId: string | null | undefined): string {
  const id = (customId ?? '').trim();
  return id.startsWith(CUSTOM_ID_PREFIX) ? id.slice(CUSTOM_ID_PREFIX.length) : id;
}

/**
 * The ID saved for what was typed after the fixed `ID-`: a bare number gets the prefix
 * (`42` → `ID-42`); an ID with letters keeps its own scheme (`EDU-12345`, `SHA2-728592`).
 */
export function customIdFromPart(part: string): string {
  const text = part.trim();
  if (text === '') return '';
  return /^\d+$/.test(text) ? `${CUSTOM_ID_PREFIX}${text}` : text;
}

export function valuesOf(student: StudentDetail): StudentFormValues {
  return {
    name: student.name,
    // "Unset" is the stored placeholder for a student without a phone: show an empty box.
    phone: student.phone === DEFAULT_PHONE ? '' : student.phone,
    email: student.email,
    institution: student.institution,
    customIdPart: customIdPartOf(student.customId),
    rfid: student.rfid ?? '',
    parent1Phone: student.parent1Phone ?? '',
    parent2Phone: student.parent2Phone ?? '',
    customFields: { ...student.customFields },
  };
}

export function cardsOf(student: StudentDetail): ClassroomCardState[] {
  return student.enrolments.map((e) => ({
    classroomId: e.classroomId,
    accountId: e.accountId,
    teacherName: e.teacherName,
    grade: e.grade,
    subject: e.subject,
    name: e.classroomName,
    color: e.color,
    classroomFeePaisa: e.classroomFeePaisa,
    feeText: paisaToTakaText(e.tuitionFeePaisa),
    local: false,
    manageStudents: e.manageStudents,
    recordStudentId: e.studentId,
  }));
}

/** A classroom ticked in the "Classrooms To Include In" modal, with the fee typed there. */
export function cardFromOption(option: IncludeOption, feeText: string): ClassroomCardState {
  return {
    classroomId: option.classroomId,
    accountId: option.accountId,
    teacherName: option.teacherName,
    grade: option.grade,
    subject: option.subject,
    name: option.name,
    color: option.color,
    classroomFeePaisa: option.tuitionFeePaisa,
    feeText,
    local: true,
    manageStudents: true,
    recordStudentId: null,
  };
}

/**
 * The per-classroom fee to send, in paisa: the typed amount when it is at least 0 and differs
 * from the classroom's fee (part 2 §5 "Modified fee"), else null (the classroom's fee).
 */
export function cardFeePaisa(card: Pick<ClassroomCardState, 'feeText' | 'classroomFeePaisa'>): number | null {
  const taka = effectiveTuitionFee(card.feeText, card.classroomFeePaisa / 100);
  return taka === null ? null : Math.round(taka * 100);
}

export interface FormRules {
  /** Institution shown and required (admins always, teachers in SMS_LMS_GATEWAY mode). */
  institutionRequired: boolean;
}

/** The first problem of each field, by the spec's rules (part 2 §5). */
export function fieldErrors(
  values: StudentFormValues,
  rules: FormRules,
): Partial<Record<FieldName, DomainError>> {
  const errors: Partial<Record<FieldName, DomainError>> = {};
  const set = (field: FieldName, error: DomainError | null) => {
    if (error) errors[field] = error;
  };
  set('name', studentNameError(values.name));
  set('phone', studentPhoneError(values.phone));
  set('parent1Phone', parentPhoneError(values.parent1Phone));
  set('parent2Phone', parentPhoneError(values.parent2Phone));
  set('institution', studentInstitutionError(values.institution, rules.institutionRequired));
  set('customIdPart', customIdError(values.customIdPart));
  return errors;
}

/** The request body of a save or an add (`studentSaveSchema`): every card goes back. */
export function toPayload(values: StudentFormValues, cards: readonly ClassroomCardState[]): StudentSaveInput {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    institution: values.institution.trim(),
    customId: customIdFromPart(values.customIdPart),
    rfid: values.rfid.trim(),
    parent1Phone: values.parent1Phone.trim(),
    parent2Phone: values.parent2Phone.trim(),
    customFields: Object.fromEntries(
      Object.entries(values.customFields).filter(([, value]) => value.trim() !== ''),
    ),
    enrolments: cards
      .filter((card) => card.local || card.manageStudents)
      .map((card) => ({ classroomId: card.classroomId, tuitionFeePaisa: cardFeePaisa(card) })),
  };
}

export function sameValues(a: StudentFormValues, b: StudentFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
