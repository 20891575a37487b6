import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  AssessmentMarksTable,
  AssessmentSubjectsTable,
  AssessmentsTable,
} from '../../db/schema-assessments';
import { failure, notFound } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import type { DeletedItem, RecoverableKind } from '../recycle-bin/recycle-bin.service';
import { AssessmentsRepository } from './assessments.repository';
import { publishAssessments } from './assessments-events';

// An assessment in the Recycle bin (plan feature data-recovery): the assessment row, its subjects
// and every mark, exactly as stored. Restoring puts them back with the same ids, so report cards,
// term results and the marks grid read them as before.

interface AssessmentSnapshot {
  classroomName: string;
  assessment: AssessmentsTable;
  subjects: AssessmentSubjectsTable[];
  marks: AssessmentMarksTable[];
}

/** The copy a deletion hands the bin, read inside the deleting transaction (so it is what goes). */
export async function assessmentSnapshot(
  trx: Kysely<Database>,
  accountId: string,
  assessmentId: string,
  classroomName: string,
): Promise<DeletedItem> {
  const repo = new AssessmentsRepository(trx);
  const assessment = await repo.assessment(accountId, assessmentId);
  if (!assessment) throw notFound();
  const snapshot: AssessmentSnapshot = {
    classroomName,
    assessment,
    subjects: await repo.subjectsOf([assessmentId]),
    marks: await repo.marksRowsOf(assessmentId),
  };
  return {
    kind: 'assessment',
    entityId: assessmentId,
    label: `${assessment.name} (${assessment.term})`,
    detail: classroomName,
    snapshot,
  };
}

/**
 * Puts a deleted assessment back. Refused when its classroom is gone or its ids are in use again;
 * marks of students deleted since, and authors whose users are gone, follow the foreign keys'
 * own rules (the marks go, the author becomes unknown) as if they had been deleted with it.
 */
export function assessmentRecovery(events: EventBus): RecoverableKind {
  return {
    async restore(trx, accountId, raw) {
      const { classroomName, assessment, subjects, marks } = raw as AssessmentSnapshot;
      const repo = new AssessmentsRepository(trx);
      const classroom = await repo.classroom(accountId, assessment.classroom_id);
      if (!classroom) throw failure(409, 'RECYCLE_CLASSROOM_MISSING', { classroom: classroomName });
      if (
        await repo.idsTaken(
          assessment.id,
          subjects.map((s) => s.id),
        )
      )
        throw failure(409, 'RECYCLE_ALREADY_EXISTS');
      const students = await repo.existingStudents([...new Set(marks.map((m) => m.student_id))]);
      const authors = [assessment.created_by, ...marks.map((m) => m.updated_by)].filter(
        (id): id is string => id !== null,
      );
      const users = await repo.existingUsers([...new Set(authors)]);
      const known = (id: string | null) => (id !== null && users.has(id) ? id : null);
      await repo.insert({ ...assessment, created_by: known(assessment.created_by) });
      await repo.insertSubjects(subjects);
      await repo.insertMarksRows(
        marks
          .filter((m) => students.has(m.student_id))
          .map((m) => ({ ...m, updated_by: known(m.updated_by) })),
      );
    },
    announce: (accountId) => publishAssessments(events, accountId),
  };
}
