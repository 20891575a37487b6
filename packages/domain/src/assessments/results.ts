import { percentOf } from '../numbers/percent';
import { bandOfMarks, FAIL_POINT, type GradeScale, letterOfGpa, maxPointOf } from './grade-scale';
import {
  type AssessmentSubject,
  fromHundredths,
  type MarkCell,
  type SubjectKind,
  toHundredths,
} from './marks';
import { rankPositions } from './positions';

// Results of one assessment (research/integrations.md §7.2), computed on the
// server for the grid and the report cards, never stored:
// - a subject passes when every part reaches its pass marks (absent counts 0 and fails the part)
//   and, on a GPA scale, its percentage is not in the fail band (F);
// - GPA = mean grade point of the compulsory subjects; any compulsory subject failed → GPA 0.00
//   ("Fail"); the optional (4th) subject adds only its points above 2.00, the divisor stays the
//   compulsory count; capped at the scale's top point (5.00); two decimals, half up;
// - percentages show half up to two decimals (numbers/percent.ts), while grades come from the exact
//   marks (bandOfMarks), so 32.999 % shows as 33 % and still grades F;
// - a cell nobody has filled leaves its subject (and the student) incomplete: no grade, no GPA, no
//   position yet, while the totals count what is entered.

/** Marks above the optional subject's points that count (research §7.2: "only the GP above 2.00"). */
export const OPTIONAL_SUBJECT_BASE_POINT = 2;

export interface SubjectResult {
  readonly subjectId: string;
  readonly name: string;
  readonly kind: SubjectKind;
  /** Marks obtained (absent parts 0, empty parts 0), two decimals. */
  readonly obtained: number;
  readonly fullMarks: number;
  /** Every part has marks or is marked absent. */
  readonly complete: boolean;
  /** Every part is marked absent. */
  readonly absent: boolean;
  /** Null until complete. */
  readonly percent: number | null;
  /** Null until complete, and always in 'percent' mode. */
  readonly letter: string | null;
  readonly point: number | null;
  readonly passed: boolean | null;
}

export interface StudentResult {
  readonly studentId: string;
  readonly subjects: SubjectResult[];
  readonly obtained: number;
  readonly fullMarks: number;
  readonly complete: boolean;
  /** Of all subjects' marks; null until complete. */
  readonly percent: number | null;
  /** Null until complete, and in 'percent' mode. 0 when a compulsory subject failed. */
  readonly gpa: number | null;
  /** The letter of the GPA (F for a fail); null like the GPA. */
  readonly letter: string | null;
  /** Every compulsory subject passed; null until complete. */
  readonly passed: boolean | null;
  /** Merit position in the class (1, 2, 2, 4); null until complete. */
  readonly position: number | null;
}

/** The two-decimal value of a number, half up (GPA). */
function twoDecimals(value: number): number {
  return Math.round(value * 100 + 1e-9) / 100;
}

type PartEntry = Pick<MarkCell, 'marks' | 'absent'>;

/** One subject of one student; `parts` holds the student's cells of this subject by part key. */
export function subjectResult(
  subject: AssessmentSubject,
  parts: ReadonlyMap<string, PartEntry>,
  scale: GradeScale,
): SubjectResult {
  let obtained = 0;
  let full = 0;
  let complete = true;
  let absent = subject.parts.length > 0;
  let partsPassed = true;
  for (const part of subject.parts) {
    const cell = parts.get(part.key);
    const marks = cell?.absent ? 0 : cell?.marks == null ? null : toHundredths(cell.marks);
    full += toHundredths(part.fullMarks);
    if (!cell?.absent) absent = false;
    if (marks === null && !cell?.absent) complete = false;
    obtained += marks ?? 0;
    if (cell?.absent || (marks ?? 0) < toHundredths(part.passMarks)) partsPassed = false;
  }
  const base = {
    subjectId: subject.id,
    name: subject.name,
    kind: subject.kind,
    obtained: fromHundredths(obtained),
    fullMarks: fromHundredths(full),
    complete,
    absent,
  };
  if (!complete) return { ...base, percent: null, letter: null, point: null, passed: null };
  const percent = percentOf(obtained, full);
  if (scale.mode === 'percent') return { ...base, percent, letter: null, point: null, passed: partsPassed };
  const band = bandOfMarks(scale, obtained, full);
  const passed = partsPassed && band.point > FAIL_POINT;
  const failBand = scale.bands[scale.bands.length - 1]!;
  return {
    ...base,
    percent,
    letter: passed ? band.letter : failBand.letter,
    point: passed ? band.point : failBand.point,
    passed,
  };
}

export interface GpaSubject {
  readonly kind: SubjectKind;
  readonly point: number | null;
  readonly passed: boolean | null;
}

/**
 * GPA of complete subjects (research §7.2): compulsory F → 0; the optional subject's points above
 * 2.00 are a bonus over the compulsory count; capped at the scale's top point. Null without a
 * compulsory subject (nothing to average).
 */
export function gpaOf(
  subjects: readonly GpaSubject[],
  scale: GradeScale,
): { gpa: number; passed: boolean } | null {
  const compulsory = subjects.filter((s) => s.kind === 'compulsory');
  if (compulsory.length === 0) return null;
  if (compulsory.some((s) => s.passed !== true)) return { gpa: 0, passed: false };
  // Points are at most two decimals: sum them in hundredths, exactly.
  let sum = compulsory.reduce((total, s) => total + toHundredths(s.point ?? 0), 0);
  for (const s of subjects) {
    if (s.kind === 'optional' && s.passed === true)
      sum += Math.max(0, toHundredths(s.point ?? 0) - toHundredths(OPTIONAL_SUBJECT_BASE_POINT));
  }
  const gpa = Math.min(twoDecimals(sum / compulsory.length / 100), maxPointOf(scale));
  return { gpa, passed: true };
}

/** The totals and overall grade of a student's subject results (position left null). */
export function studentTotals(
  studentId: string,
  subjects: readonly SubjectResult[],
  scale: GradeScale,
): StudentResult {
  const obtainedH = subjects.reduce((t, s) => t + toHundredths(s.obtained), 0);
  const fullH = subjects.reduce((t, s) => t + toHundredths(s.fullMarks), 0);
  const complete = subjects.every((s) => s.complete);
  const base = {
    studentId,
    subjects: [...subjects],
    obtained: fromHundredths(obtainedH),
    fullMarks: fromHundredths(fullH),
    complete,
  };
  if (!complete) return { ...base, percent: null, gpa: null, letter: null, passed: null, position: null };
  const percent = percentOf(obtainedH, fullH);
  const passed = subjects.filter((s) => s.kind === 'compulsory').every((s) => s.passed === true);
  if (scale.mode === 'percent') return { ...base, percent, gpa: null, letter: null, passed, position: null };
  const gpa = gpaOf(subjects, scale);
  return {
    ...base,
    percent,
    gpa: gpa?.gpa ?? null,
    letter: gpa ? letterOfGpa(scale, gpa.gpa) : null,
    passed: gpa?.passed ?? passed,
    position: null,
  };
}

/** One student's result in one assessment (no position: that needs the class). */
export function studentResult(
  studentId: string,
  subjects: readonly AssessmentSubject[],
  cells: readonly MarkCell[],
  scale: GradeScale,
): StudentResult {
  const bySubject = new Map<string, Map<string, PartEntry>>();
  for (const cell of cells) {
    if (cell.studentId !== studentId) continue;
    const parts = bySubject.get(cell.subjectId) ?? new Map<string, PartEntry>();
    bySubject.set(cell.subjectId, parts);
    parts.set(cell.partKey, cell);
  }
  const results = subjects.map((subject) =>
    subjectResult(subject, bySubject.get(subject.id) ?? new Map(), scale),
  );
  return studentTotals(studentId, results, scale);
}

export interface AssessmentResultsInput {
  readonly subjects: readonly AssessmentSubject[];
  /** The students of the class, in the order the answer keeps. */
  readonly studentIds: readonly string[];
  readonly cells: readonly MarkCell[];
  readonly scale: GradeScale;
}

/** Every student's result in one assessment, with merit positions (positions.ts for the order). */
export function assessmentResults(input: AssessmentResultsInput): StudentResult[] {
  const cellsOf = new Map<string, MarkCell[]>();
  for (const cell of input.cells) {
    const list = cellsOf.get(cell.studentId);
    if (list) list.push(cell);
    else cellsOf.set(cell.studentId, [cell]);
  }
  const results = input.studentIds.map((id) =>
    studentResult(id, input.subjects, cellsOf.get(id) ?? [], input.scale),
  );
  return withPositions(results);
}

/** What a merit position is computed from (a student's assessment or term result). */
export interface RankableResult {
  readonly studentId: string;
  readonly complete: boolean;
  readonly passed: boolean | null;
  readonly gpa: number | null;
  readonly percent: number | null;
  readonly obtained: number;
  readonly position: number | null;
}

/** Adds merit positions among the complete results (incomplete ones keep null). */
export function withPositions<R extends RankableResult>(results: readonly R[]): R[] {
  const ranked = rankPositions(
    results
      .filter((r) => r.complete)
      .map((r) => ({
        key: r.studentId,
        passed: r.passed === true,
        gpa: r.gpa,
        percent: r.percent ?? 0,
        obtained: r.obtained,
      })),
  );
  return results.map((r) => ({ ...r, position: ranked.get(r.studentId) ?? null }));
}
