import { dayOf } from '../money/days';
import type { MarkCell } from './marks';

// Who an assessment is for (spec part 2 §2 report cards; the same rule the register follows in
// attendance/summary.ts): the students enrolled in its classroom on its date. A student accepted
// after that date was not there to sit it, so they get no blank row in its marks grid and it is
// no "Marks pending" on their report card. A student somebody entered marks for (in the grid
// before joining was recorded, or from a marks sheet) stays: marks typed by hand are never hidden.

export interface AssessmentCandidate {
  readonly id: string;
  /** When the enrolment was accepted (epoch ms); null: enrolled before anything was recorded. */
  readonly joinedAt: number | null;
}

/** The candidates an assessment held on `heldOn` (YYYY-MM-DD, Bangladesh) is for, in their order. */
export function assessmentMembers<T extends AssessmentCandidate>(
  candidates: readonly T[],
  heldOn: string,
  withMarks: ReadonlySet<string>,
): T[] {
  return candidates.filter((s) => withMarks.has(s.id) || s.joinedAt === null || dayOf(s.joinedAt) <= heldOn);
}

/** The students somebody entered a mark or an absence for in these cells. */
export function studentsWithMarks(cells: readonly MarkCell[]): Set<string> {
  return new Set(cells.filter((c) => c.marks !== null || c.absent).map((c) => c.studentId));
}

/**
 * A term's assessments, each with the students it is for, and the candidates who sat at least
 * one of them: a student who joined after every assessment of the term has no result in it.
 */
export function termMembers<
  T extends AssessmentCandidate,
  A extends { heldOn: string; cells: readonly MarkCell[] },
>(
  candidates: readonly T[],
  assessments: readonly A[],
): { assessments: (A & { studentIds: string[] })[]; students: T[] } {
  const withIds = assessments.map((a) => ({
    ...a,
    studentIds: assessmentMembers(candidates, a.heldOn, studentsWithMarks(a.cells)).map((s) => s.id),
  }));
  const sat = new Set(withIds.flatMap((a) => a.studentIds));
  return { assessments: withIds, students: candidates.filter((s) => sat.has(s.id)) };
}
