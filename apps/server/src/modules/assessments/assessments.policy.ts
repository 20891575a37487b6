import { failure, notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who works a classroom's assessments and marks.
//
// Setting papers and entering marks is the everyday work of whoever teaches the batch — the same
// people who take its roll call (attendance-reports.policy.ts): the classroom's owner, the admins
// over it, and every assistant whose accepted grant covers the classroom, with no further flag
// (manageStudents, sendSms and collectPayments are about other things). Each cell keeps who
// changed it last, and a grid save never overwrites a change it has not seen (conflicts).
//
// Two things stay with the owner and admins: deleting an assessment (it destroys every mark in it)
// and the account's grade scale (it changes every result of every classroom). Students and parents
// never reach these routes (STAFF_ACCESS); their report cards come through the report links.
//
// A classroom outside the caller's scope is "not found", as everywhere else.

/** The caller may read and write this classroom's assessments and marks. */
export function requireAssessmentsOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}

/** Deleting an assessment, and the grade scale: owners and admins only. */
export function requireAssessmentsManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
