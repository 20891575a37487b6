import { type DomainError, domainError } from '../messages';

// Marks of an assessment. The API speaks marks as numbers with up to two
// decimals (a half mark is common, a quarter is not); the database keeps integer hundredths so
// sums and comparisons are exact.

export const SUBJECT_KINDS = ['compulsory', 'optional'] as const;
/** `optional`: the fourth subject, which only adds its points above 2.00 to the GPA. */
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** One part of a subject (CQ, MCQ, practical…), each passed on its own pass marks. */
export interface SubjectPart {
  readonly key: string;
  readonly name: string;
  readonly fullMarks: number;
  readonly passMarks: number;
}

export interface AssessmentSubject {
  readonly id: string;
  readonly name: string;
  readonly kind: SubjectKind;
  readonly parts: SubjectPart[];
}

/** A cell of the grid: marks (null: not entered yet) or absent. */
export interface MarkCell {
  readonly studentId: string;
  readonly subjectId: string;
  readonly partKey: string;
  readonly marks: number | null;
  readonly absent: boolean;
}

/** Marks → integer hundredths (12.5 → 1250). */
export function toHundredths(marks: number): number {
  return Math.round(marks * 100);
}

/** Integer hundredths → marks (1250 → 12.5). */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** Whether a number has at most two decimals (what the API and the grid accept). */
export function hasTwoDecimalsAtMost(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Highest full marks of a part (a board paper is 100; some centres use 200 or more). */
export const MAX_FULL_MARKS = 1000;

/**
 * Why marks typed into a part's cell cannot be saved, or null. Params name the subject, part and
 * full marks so the message says which cell is wrong.
 */
export function markProblem(marks: number, part: SubjectPart, subjectName: string): DomainError | null {
  const where = { subject: part.name ? `${subjectName} (${part.name})` : subjectName, full: part.fullMarks };
  if (!Number.isFinite(marks) || marks < 0 || !hasTwoDecimalsAtMost(marks))
    return domainError('ASSESSMENT_MARKS_INVALID', where);
  if (toHundredths(marks) > toHundredths(part.fullMarks))
    return domainError('ASSESSMENT_MARKS_ABOVE_FULL', where);
  return null;
}

/** A part key: short, lower-case letters, digits and dashes (stable across renames of the part). */
export const PART_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,19}$/;
