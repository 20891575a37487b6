import { percentOf } from '../numbers/percent';
import { bandOfPercent, FAIL_POINT, type GradeScale, letterOfGpa } from './grade-scale';
import {
  type AssessmentSubject,
  fromHundredths,
  type MarkCell,
  type SubjectKind,
  toHundredths,
} from './marks';
import { gpaOf, type StudentResult, studentResult, withPositions } from './results';

// A student's result for a term (the report cards capability: "a report card is per student per term"), from
// every assessment of the classroom in that term, each with its weight (integer percent):
// - a subject is matched across assessments by its name (trimmed, case-insensitive); its term
//   percentage is the weighted average of its percentages in the assessments that have it
//   (weights renormalised to those), shown half up to two decimals; its grade is read from the
//   figure cut to two decimals, so a grade is never reached by rounding;
// - held in one assessment only, the subject keeps that assessment's pass (every part reached its
//   pass marks); held in several, it passes when the weighted percentage reaches the weighted
//   pass percentage (Σ pass marks ÷ Σ full marks of each) and, on a GPA scale, is not F — class
//   tests add to the exam instead of failing the term on their own;
// - the term's GPA follows the same rules as one assessment (results.ts) on the term's subjects;
// - the term percentage is the weighted average of the assessments' percentages; obtained and
//   full marks are plain sums (what the card prints); positions as in positions.ts.
// With a single assessment the term result equals that assessment's result.

export interface TermAssessment {
  readonly id: string;
  /** Integer percent (1–100); only the ratio between the term's assessments matters. */
  readonly weight: number;
  readonly subjects: readonly AssessmentSubject[];
  readonly cells: readonly MarkCell[];
  /** The students it is for (members.ts); absent: every student of the term. */
  readonly studentIds?: readonly string[];
}

export interface TermSubjectResult {
  readonly name: string;
  readonly kind: SubjectKind;
  readonly complete: boolean;
  readonly percent: number | null;
  readonly letter: string | null;
  readonly point: number | null;
  readonly passed: boolean | null;
}

export interface TermResult {
  readonly studentId: string;
  /** The student's result in each assessment of the term, in the order given, with positions. */
  readonly assessments: { readonly assessmentId: string; readonly result: StudentResult }[];
  readonly subjects: TermSubjectResult[];
  readonly obtained: number;
  readonly fullMarks: number;
  readonly complete: boolean;
  readonly percent: number | null;
  readonly gpa: number | null;
  readonly letter: string | null;
  readonly passed: boolean | null;
  readonly position: number | null;
}

export interface ClassResultsInput {
  readonly scale: GradeScale;
  readonly studentIds: readonly string[];
  /** Oldest first: a subject's kind follows the latest assessment that has it. */
  readonly assessments: readonly TermAssessment[];
}

const subjectKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * The term's subjects by key (trimmed, any case), in first-seen order; the latest assessment
 * decides the kind. A term table's columns: a student who sat only some assessments has only
 * some of them.
 */
export function termSubjects(
  assessments: readonly Pick<TermAssessment, 'subjects'>[],
): Map<string, { name: string; kind: SubjectKind }> {
  const names = new Map<string, { name: string; kind: SubjectKind }>();
  for (const a of assessments) {
    for (const s of a.subjects) {
      const known = names.get(subjectKey(s.name));
      names.set(subjectKey(s.name), { name: known?.name ?? s.name.trim(), kind: s.kind });
    }
  }
  return names;
}

/**
 * Weighted average of fractions `num/den` (integer hundredths) as a percentage: `shown` half up to
 * two decimals, exactly (numbers/percent.ts); `graded` cut to two decimals, what bands and pass
 * marks are compared with, so a weighted 32.996 % shows as 33 % and still does not reach 33 %.
 */
function weightedPercent(items: readonly { weight: number; num: number; den: number }[]) {
  const weights = items.reduce((t, i) => t + i.weight, 0);
  const counted = items.filter((i) => i.den > 0);
  if (weights <= 0) return { shown: 0, graded: 0 };
  const value = counted.reduce((t, i) => t + (i.weight * i.num) / i.den, 0) / weights;
  // Σ weight × num / den over a common denominator, in integers.
  const common = counted.reduce((t, i) => t * BigInt(i.den), 1n);
  const sum = counted.reduce((t, i) => t + (BigInt(i.weight * i.num) * common) / BigInt(i.den), 0n);
  return {
    shown: percentOf(sum, common * BigInt(weights)),
    graded: Math.floor(value * 10_000 + 1e-7) / 100,
  };
}

/** Every student's term result, with merit positions in the class. */
export function classResults(input: ClassResultsInput): TermResult[] {
  const { scale } = input;
  const perAssessment = input.assessments.map((a) => {
    const cellsOf = new Map<string, MarkCell[]>();
    for (const cell of a.cells) {
      const list = cellsOf.get(cell.studentId);
      if (list) list.push(cell);
      else cellsOf.set(cell.studentId, [cell]);
    }
    const results = (a.studentIds ?? input.studentIds).map((id) =>
      studentResult(id, a.subjects, cellsOf.get(id) ?? [], scale),
    );
    return new Map(withPositions(results).map((r) => [r.studentId, r]));
  });
  const names = termSubjects(input.assessments);

  const terms = input.studentIds.map((studentId): TermResult => {
    // Only the assessments the student was there for, and only the subjects those had.
    const results = input.assessments.flatMap((a, i) => {
      const result = perAssessment[i]!.get(studentId);
      return result ? [{ a, result }] : [];
    });
    const sat = new Set(results.flatMap(({ a }) => a.subjects.map((s) => subjectKey(s.name))));
    const subjects = [...names]
      .filter(([key]) => sat.has(key))
      .map(([key, { name, kind }]): TermSubjectResult => {
        const held = results.flatMap(({ a, result }) => {
          const subject = a.subjects.find((s) => subjectKey(s.name) === key);
          const r = subject && result.subjects.find((x) => x.subjectId === subject.id);
          return subject && r ? [{ weight: a.weight, subject, r }] : [];
        });
        const complete = held.every((h) => h.r.complete);
        if (!complete || held.length === 0)
          return { name, kind, complete: false, percent: null, letter: null, point: null, passed: null };
        if (held.length === 1) {
          const { r } = held[0]!;
          return {
            name,
            kind,
            complete,
            percent: r.percent,
            letter: r.letter,
            point: r.point,
            passed: r.passed,
          };
        }
        const weighted = weightedPercent(
          held.map((h) => ({
            weight: h.weight,
            num: toHundredths(h.r.obtained),
            den: toHundredths(h.r.fullMarks),
          })),
        );
        const passPercent = weightedPercent(
          held.map((h) => ({
            weight: h.weight,
            num: h.subject.parts.reduce((t, p) => t + toHundredths(p.passMarks), 0),
            den: h.subject.parts.reduce((t, p) => t + toHundredths(p.fullMarks), 0),
          })),
        );
        const reached = weighted.graded >= passPercent.graded;
        const percent = weighted.shown;
        if (scale.mode === 'percent')
          return { name, kind, complete, percent, letter: null, point: null, passed: reached };
        const band = bandOfPercent(scale, weighted.graded);
        const passed = reached && band.point > FAIL_POINT;
        const fail = scale.bands[scale.bands.length - 1]!;
        return {
          name,
          kind,
          complete,
          percent,
          letter: passed ? band.letter : fail.letter,
          point: passed ? band.point : fail.point,
          passed,
        };
      });
    const obtainedH = results.reduce((t, { result }) => t + toHundredths(result.obtained), 0);
    const fullH = results.reduce((t, { result }) => t + toHundredths(result.fullMarks), 0);
    const complete = results.length > 0 && results.every(({ result }) => result.complete);
    const base = {
      studentId,
      assessments: results.map(({ a, result }) => ({ assessmentId: a.id, result })),
      subjects,
      obtained: fromHundredths(obtainedH),
      fullMarks: fromHundredths(fullH),
      complete,
    };
    if (!complete) return { ...base, percent: null, gpa: null, letter: null, passed: null, position: null };
    const percent =
      results.length === 1
        ? percentOf(obtainedH, fullH)
        : weightedPercent(
            results.map(({ a, result }) => ({
              weight: a.weight,
              num: toHundredths(result.obtained),
              den: toHundredths(result.fullMarks),
            })),
          ).shown;
    const passed = subjects.filter((s) => s.kind === 'compulsory').every((s) => s.passed === true);
    if (scale.mode === 'percent')
      return { ...base, percent, gpa: null, letter: null, passed, position: null };
    const gpa = gpaOf(subjects, scale);
    return {
      ...base,
      percent,
      gpa: gpa?.gpa ?? null,
      letter: gpa ? letterOfGpa(scale, gpa.gpa) : null,
      passed: gpa?.passed ?? passed,
      position: null,
    };
  });
  return withPositions(terms);
}
