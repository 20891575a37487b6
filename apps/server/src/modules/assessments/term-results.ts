import { classResults, type TermResults, termMembers } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AssessmentsRepository } from './assessments.repository';
import { assessmentView, markCellOf, scaleOf, scaleView, subjectOf } from './assessments-view';
import { MarksRepository } from './marks.repository';

/**
 * The result of every enrolled student who sat one of the term's assessments (domain classResults: weighted
 * across the term's assessments, oldest first). No access check here: the staff route checks the
 * caller, and a report link checks its key before it asks.
 * `publishedOnly`: only assessments that are published (what parents may see).
 */
export async function loadTermResults(
  db: Kysely<Database>,
  input: { accountId: string; classroomId: string; term: string; publishedOnly: boolean },
): Promise<TermResults> {
  const repo = new AssessmentsRepository(db);
  const all = await repo.ofClassroom(input.classroomId, input.term, 'oldest');
  const rows = all.filter(
    (a) => a.account_id === input.accountId && (!input.publishedOnly || a.published_at !== null),
  );
  const ids = rows.map((a) => a.id);
  const [subjects, cells, enrolled, scaleRow] = await Promise.all([
    repo.subjectsOf(ids),
    new MarksRepository(db).cellsOf(ids),
    repo.enrolledStudents(input.classroomId),
    repo.scale(input.accountId),
  ]);
  const scale = scaleOf(scaleRow);
  // Each assessment is for the students enrolled on its date or given marks in it (domain termMembers).
  const members = termMembers(
    enrolled.map((s) => ({ ...s, joinedAt: s.accepted_at === null ? null : Number(s.accepted_at) })),
    rows.map((a) => ({
      id: a.id,
      weight: a.weight,
      heldOn: a.held_on,
      subjects: subjects.filter((s) => s.assessment_id === a.id).map(subjectOf),
      cells: cells.filter((c) => c.assessment_id === a.id).map(markCellOf),
    })),
  );
  const students = members.students;
  const results = classResults({
    scale,
    studentIds: students.map((s) => s.id),
    assessments: members.assessments,
  });
  return {
    term: input.term,
    scale: scaleView(scaleRow),
    assessments: rows.map((a) => assessmentView(a, subjects)),
    students: students.map((s) => ({ id: s.id, name: s.name, customId: s.custom_id })),
    results,
  };
}
