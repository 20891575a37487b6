import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AssessmentMarksTable } from '../../db/schema-assessments';

/** One cell to write: marks in hundredths, and the version it gets (the one it was read at + 1). */
export type CellWrite = Omit<AssessmentMarksTable, 'updated_by'> & { updated_by: string | null };

/** Rows a statement may carry: 9 values each, well within SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** SQL of marks (db/schema-assessments.ts). */
export class MarksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every saved cell of these assessments, with the name of who changed it last. */
  cellsOf(assessmentIds: readonly string[]) {
    if (assessmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('assessment_marks as m')
      .leftJoin('users as u', 'u.id', 'm.updated_by')
      .select([
        'm.assessment_id',
        'm.subject_id',
        'm.part_key',
        'm.student_id',
        'm.marks',
        'm.absent',
        'm.version',
        'm.updated_by',
        'm.updated_at',
        'u.name as updated_by_name',
      ])
      .where('m.assessment_id', 'in', assessmentIds)
      .execute();
  }

  /**
   * Writes cells only where they still have the version they were read at: a new cell (version 1)
   * only if no row exists, a changed one only if the row's version is one below the new. Returns
   * the keys written; a cell someone else wrote in between is left alone and missing from them,
   * however the two transactions interleave (the upsert's condition is checked on the row itself).
   */
  async writeIfUnchanged(rows: readonly CellWrite[]): Promise<Set<string>> {
    const written = new Set<string>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const done = await this.db
        .insertInto('assessment_marks')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc
            .columns(['assessment_id', 'subject_id', 'part_key', 'student_id'])
            .doUpdateSet({
              marks: (eb) => eb.ref('excluded.marks'),
              absent: (eb) => eb.ref('excluded.absent'),
              version: (eb) => eb.ref('excluded.version'),
              updated_by: (eb) => eb.ref('excluded.updated_by'),
              updated_at: (eb) => eb.ref('excluded.updated_at'),
            })
            .where(sql<boolean>`assessment_marks.version + 1 = excluded.version`),
        )
        .returning(['subject_id', 'part_key', 'student_id'])
        .execute();
      for (const r of done) written.add(cellKey(r.student_id, r.subject_id, r.part_key));
    }
    return written;
  }

  /** Writes cells whatever their versions (an import), each one version up. */
  async overwrite(rows: readonly CellWrite[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('assessment_marks')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['assessment_id', 'subject_id', 'part_key', 'student_id']).doUpdateSet({
            marks: (eb) => eb.ref('excluded.marks'),
            absent: (eb) => eb.ref('excluded.absent'),
            version: sql`assessment_marks.version + 1`,
            updated_by: (eb) => eb.ref('excluded.updated_by'),
            updated_at: (eb) => eb.ref('excluded.updated_at'),
          }),
        )
        .execute();
    }
  }
}

/** The key of a cell within one assessment. */
export function cellKey(studentId: string, subjectId: string, partKey: string): string {
  return `${studentId}\u0000${subjectId}\u0000${partKey}`;
}
