import {
  type Assignment,
  type AssignmentFile,
  type SubmissionStatus,
  statusCounts,
  submissionStatus,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { AssignmentSubmissionsTable, AssignmentsTable } from '../../db/schema-assignments';

type Row = Selectable<AssignmentsTable>;
type SubmissionRow = Selectable<AssignmentSubmissionsTable>;

function fileOf(name: string | null, url: string | null): AssignmentFile | null {
  return name && url ? { name, url } : null;
}

export function statusOf(row: Row, now: number, submission: SubmissionRow | undefined): SubmissionStatus {
  return submissionStatus(
    Number(row.due_at),
    now,
    submission ? { submittedAt: Number(submission.submitted_at), marks: submission.marks } : null,
  );
}

export function submissionView(s: SubmissionRow | undefined) {
  if (!s) return null;
  return {
    text: s.text,
    file: fileOf(s.file_name, s.file_url),
    submittedAt: Number(s.submitted_at),
    marks: s.marks,
    comment: s.comment,
    markedAt: s.marked_at === null ? null : Number(s.marked_at),
  };
}

export function assignmentFields(row: Row) {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    attachment: fileOf(row.attachment_name, row.attachment_url),
    dueAt: Number(row.due_at),
    fullMarks: row.full_marks,
    acceptLate: row.accept_late === 1,
  };
}

export function assignmentView(
  row: Row,
  classrooms: { id: string; name: string }[],
  statuses: readonly SubmissionStatus[],
): Assignment {
  return {
    ...assignmentFields(row),
    classrooms,
    createdAt: Number(row.created_at),
    counts: statusCounts(statuses),
  };
}
