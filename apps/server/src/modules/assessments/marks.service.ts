import {
  assessmentMembers,
  assessmentResults,
  type MarkCellView,
  type MarksGrid,
  type MarksSaveResult,
  markProblem,
  type marksSaveSchema,
  type StudentResult,
  studentsWithMarks,
  toHundredths,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError, failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { AssessmentsRepository } from './assessments.repository';
import { visibleAssessment } from './assessments-access';
import { publishAssessments } from './assessments-events';
import { assessmentView, cellView, markCellOf, scaleOf, scaleView, subjectOf } from './assessments-view';
import { type CellWrite, cellKey, MarksRepository } from './marks.repository';

export interface MarksDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

type SaveInput = z.output<typeof marksSaveSchema>;
type CellRow = Awaited<ReturnType<MarksRepository['cellsOf']>>[number];

/**
 * What a grid is checked and computed against: the assessment's subjects, scale and students (those
 * enrolled on its date, and any somebody entered marks for: domain assessmentMembers).
 */
export async function gridContext(
  db: Kysely<Database>,
  accountId: string,
  assessment: { id: string; classroom_id: string; held_on: string },
) {
  const repo = new AssessmentsRepository(db);
  const [subjects, enrolled, cells, scaleRow] = await Promise.all([
    repo.subjectsOf([assessment.id]),
    repo.enrolledStudents(assessment.classroom_id),
    new MarksRepository(db).cellsOf([assessment.id]),
    repo.scale(accountId),
  ]);
  const candidates = enrolled.map((s) => ({
    ...s,
    joinedAt: s.accepted_at === null ? null : Number(s.accepted_at),
  }));
  return {
    subjectRows: subjects,
    subjects: subjects.map(subjectOf),
    students: assessmentMembers(candidates, assessment.held_on, studentsWithMarks(cells.map(markCellOf))),
    scaleRow,
    scale: scaleOf(scaleRow),
  };
}

type GridContext = Awaited<ReturnType<typeof gridContext>>;

/** Results of the whole class from its saved cells (domain assessmentResults). */
export function classResultsOf(context: GridContext, cells: readonly CellRow[]): StudentResult[] {
  return assessmentResults({
    subjects: context.subjects,
    studentIds: context.students.map((s) => s.id),
    cells: cells.map(markCellOf),
    scale: context.scale,
  });
}

/**
 * The marks grid: the classroom's enrolled students × the subjects' parts, each
 * saved cell with its version, and the results the domain computes from them. Saves are checked
 * against full marks and against the versions the grid read, so two people typing into the same
 * grid never overwrite each other unseen.
 */
export class MarksService {
  constructor(private readonly deps: MarksDeps) {}

  async grid(principal: Principal, accountId: string, assessmentId: string): Promise<MarksGrid> {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    const [context, cells] = await Promise.all([
      gridContext(db, accountId, assessment),
      new MarksRepository(db).cellsOf([assessmentId]),
    ]);
    const enrolled = new Set(context.students.map((s) => s.id));
    return {
      assessment: assessmentView(assessment, context.subjectRows),
      scale: scaleView(context.scaleRow),
      students: context.students.map((s) => ({ id: s.id, name: s.name, customId: s.custom_id })),
      // Cells of students who have left the classroom stay stored but off the grid.
      cells: cells.filter((c) => enrolled.has(c.student_id)).map(cellView),
      results: classResultsOf(context, cells),
    };
  }

  /**
   * Saves changed cells in one transaction. A cell whose stored version is not the one it was read
   * at comes back as a conflict with the current value and who wrote it, unless the stored value
   * is already what is being saved (two people typed the same mark: nothing to resolve). A value
   * above full marks, or for a student, subject or part not in the grid, refuses the whole save.
   */
  async save(
    principal: Principal,
    accountId: string,
    assessmentId: string,
    input: SaveInput,
  ): Promise<MarksSaveResult> {
    const db = this.deps.db.kysely;
    const { assessment } = await visibleAssessment(this.deps, db, principal, accountId, assessmentId);
    const now = this.deps.clock.now();
    // The last edit of a cell wins within one save.
    const cells = [
      ...new Map(input.cells.map((c) => [cellKey(c.studentId, c.subjectId, c.partKey), c])).values(),
    ];
    const outcome = await db.transaction().execute(async (trx) => {
      const context = await gridContext(trx, accountId, assessment);
      checkCells(context, cells);
      const marks = new MarksRepository(trx);
      const current = new Map(
        (await marks.cellsOf([assessmentId])).map((c) => [
          cellKey(c.student_id, c.subject_id, c.part_key),
          c,
        ]),
      );
      const writes: CellWrite[] = [];
      const unchanged: MarkCellView[] = [];
      const conflicts: string[] = [];
      for (const cell of cells) {
        const key = cellKey(cell.studentId, cell.subjectId, cell.partKey);
        const stored = current.get(key);
        const value = cell.absent ? null : cell.marks === null ? null : toHundredths(cell.marks);
        if ((stored?.marks ?? null) === value && (stored?.absent ?? 0) === (cell.absent ? 1 : 0)) {
          if (stored) unchanged.push(cellView(stored));
          else unchanged.push({ ...emptyCell(cell), version: 0 });
        } else if ((stored?.version ?? 0) !== cell.version) conflicts.push(key);
        else
          writes.push({
            assessment_id: assessmentId,
            subject_id: cell.subjectId,
            part_key: cell.partKey,
            student_id: cell.studentId,
            marks: value,
            absent: cell.absent ? 1 : 0,
            version: cell.version + 1,
            updated_by: principal.user.id,
            updated_at: now,
          });
      }
      const written = writes.length > 0 ? await marks.writeIfUnchanged(writes) : new Set<string>();
      // Rows someone wrote between the read above and the write (PostgreSQL) are conflicts too.
      for (const w of writes) {
        const key = cellKey(w.student_id, w.subject_id, w.part_key);
        if (!written.has(key)) conflicts.push(key);
      }
      // Every write landed: the cells now are the ones read with the writes laid over them. A
      // write lost to someone else's (PostgreSQL, between the read and the write) reads them again.
      const raced = written.size < writes.length;
      const after = raced
        ? await marks.cellsOf([assessmentId])
        : [
            ...new Map([
              ...current,
              ...writes.map(
                (w) =>
                  [
                    cellKey(w.student_id, w.subject_id, w.part_key),
                    { ...w, updated_by_name: principal.user.name },
                  ] as const,
              ),
            ]).values(),
          ];
      const byKey = new Map(after.map((c) => [cellKey(c.student_id, c.subject_id, c.part_key), c]));
      const saved = [
        ...unchanged,
        ...writes
          .map((w) => byKey.get(cellKey(w.student_id, w.subject_id, w.part_key)))
          .filter(
            (row): row is CellRow =>
              row !== undefined && written.has(cellKey(row.student_id, row.subject_id, row.part_key)),
          )
          .map(cellView),
      ];
      return {
        saved,
        conflicts: conflicts.map((key) => {
          const row = byKey.get(key);
          if (row) return cellView(row);
          const [studentId, subjectId, partKey] = key.split('\u0000') as [string, string, string];
          return { ...emptyCell({ studentId, subjectId, partKey }), version: 0 };
        }),
        results: classResultsOf(context, after),
        changed: written.size,
      };
    });
    if (outcome.changed > 0)
      await publishAssessments(this.deps.events, accountId, { assessmentId, by: principal.user.id });
    return { saved: outcome.saved, conflicts: outcome.conflicts, results: outcome.results };
  }
}

function emptyCell(cell: {
  studentId: string;
  subjectId: string;
  partKey: string;
}): Omit<MarkCellView, 'version'> {
  return {
    studentId: cell.studentId,
    subjectId: cell.subjectId,
    partKey: cell.partKey,
    marks: null,
    absent: false,
    updatedBy: null,
    updatedAt: null,
  };
}

/** Refuses a save with a cell outside the grid or marks the part cannot hold (the first one found). */
export function checkCells(
  context: GridContext,
  cells: readonly {
    studentId: string;
    subjectId: string;
    partKey: string;
    marks: number | null;
    absent: boolean;
  }[],
): void {
  const students = new Set(context.students.map((s) => s.id));
  const subjects = new Map(context.subjects.map((s) => [s.id, s]));
  for (const cell of cells) {
    const subject = subjects.get(cell.subjectId);
    const part = subject?.parts.find((p) => p.key === cell.partKey);
    if (!students.has(cell.studentId) || !subject || !part) throw failure(400, 'ASSESSMENT_CELL_UNKNOWN');
    if (cell.absent || cell.marks === null) continue;
    const problem = markProblem(cell.marks, part, subject.name);
    if (problem) throw new AppError(400, problem.code, problem.message, problem.params);
  }
}
