// Merit positions in a class (the report cards capability: "positions in class"). Order, best first:
// 1. passed before failed (every compulsory subject passed);
// 2. higher GPA (on a GPA scale; in 'percent' mode every GPA is null and this step ties);
// 3. higher percentage of total marks (for one assessment every student sits the same full marks,
//    so this is the total marks; across a term it is the weighted percentage, term.ts);
// 4. more marks obtained.
// Students equal on all four share a position and the next one skips (1, 2, 2, 4), the standard
// competition ranking of merit lists.

export interface RankRow {
  readonly key: string;
  readonly passed: boolean;
  readonly gpa: number | null;
  readonly percent: number;
  readonly obtained: number;
}

/** Best first (a negative result puts `a` first). */
export function compareMerit(a: RankRow, b: RankRow): number {
  if (a.passed !== b.passed) return a.passed ? -1 : 1;
  const gpa = (b.gpa ?? 0) - (a.gpa ?? 0);
  if (gpa !== 0) return gpa;
  if (a.percent !== b.percent) return b.percent - a.percent;
  return b.obtained - a.obtained;
}

/** Position of every row by key: 1, 2, 2, 4 for a tie in second place. */
export function rankPositions(rows: readonly RankRow[]): Map<string, number> {
  const sorted = [...rows].sort(compareMerit);
  const positions = new Map<string, number>();
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    const position = previous && compareMerit(previous, row) === 0 ? positions.get(previous.key)! : index + 1;
    positions.set(row.key, position);
  });
  return positions;
}
