import {
  type AssessmentSubject,
  type AssessmentView,
  BANGLADESH_GRADE_SCALE,
  fromHundredths,
  type GradeBand,
  type GradeScale,
  type GradeScaleView,
  type MarkCell,
  type MarkCellView,
  type SubjectPart,
  sortBands,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type {
  AssessmentSubjectsTable,
  AssessmentsTable,
  GradeScalesTable,
} from '../../db/schema-assessments';
import type { MarksRepository } from './marks.repository';

// Rows of db/schema-assessments.ts as the API and the domain rules see them.

type AssessmentRow = Selectable<AssessmentsTable>;
type SubjectRow = Selectable<AssessmentSubjectsTable>;
type CellRow = Awaited<ReturnType<MarksRepository['cellsOf']>>[number];

export function subjectOf(row: SubjectRow): AssessmentSubject & { position: number } {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    position: row.position,
    parts: JSON.parse(row.parts) as SubjectPart[],
  };
}

export function assessmentView(row: AssessmentRow, subjects: readonly SubjectRow[]): AssessmentView {
  const own = subjects.filter((s) => s.assessment_id === row.id).map(subjectOf);
  const fullH = own.reduce(
    (t, s) => t + s.parts.reduce((p, part) => p + Math.round(part.fullMarks * 100), 0),
    0,
  );
  return {
    id: row.id,
    accountId: row.account_id,
    classroomId: row.classroom_id,
    name: row.name,
    term: row.term,
    heldOn: row.held_on,
    weight: row.weight,
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    subjects: own,
    fullMarks: fromHundredths(fullH),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The account's scale, or the Bangladesh default when it has set none. */
export function scaleOf(row: Selectable<GradeScalesTable> | undefined): GradeScale {
  if (!row) return BANGLADESH_GRADE_SCALE;
  return { mode: row.mode, bands: sortBands(JSON.parse(row.bands) as GradeBand[]) };
}

export function scaleView(row: Selectable<GradeScalesTable> | undefined): GradeScaleView {
  const scale = scaleOf(row);
  return {
    mode: scale.mode,
    bands: [...scale.bands],
    isDefault: !row,
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

export function cellView(row: CellRow): MarkCellView {
  return {
    studentId: row.student_id,
    subjectId: row.subject_id,
    partKey: row.part_key,
    marks: row.marks === null ? null : fromHundredths(row.marks),
    absent: row.absent === 1,
    version: row.version,
    updatedBy: row.updated_by_name,
    updatedAt: Number(row.updated_at),
  };
}

export function markCellOf(row: CellRow): MarkCell {
  return {
    studentId: row.student_id,
    subjectId: row.subject_id,
    partKey: row.part_key,
    marks: row.marks === null ? null : fromHundredths(row.marks),
    absent: row.absent === 1,
  };
}
