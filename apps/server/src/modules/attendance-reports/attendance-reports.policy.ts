import { notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who takes roll call and reads attendance.
//
// Roll call is the everyday work of whoever teaches the batch: the classroom's owner, the admins
// over it and every assistant whose accepted grant covers the classroom may take it and correct
// it, with no further flag (manageStudents, sendSms and collectPayments are about other things).
// Corrections are never hidden: each one is kept with who and when (attendance_mark_history).
//
// Everything read is scoped to the classrooms the caller sees: a classroom outside them is "not
// found", as it is everywhere else; a student's calendar shows only their marks in those
// classrooms; the live board of a limited assistant shows only students enrolled in them.

/** The caller may take roll call in, and read the registers of, this classroom. */
export function requireAttendanceOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}

/** Of these classrooms (of the scope's account), those the caller's attendance pages show. */
export function attendanceClassrooms<T extends { id: string }>(
  scope: AccountScope,
  classrooms: readonly T[],
): T[] {
  return classrooms.filter((c) => seesClassroom(scope, c.id));
}

/** Classrooms whose students' punches the live board shows; null: every student of the account. */
export function liveBoardClassrooms(scope: AccountScope): string[] | null {
  return scope.classrooms === 'all' ? null : scope.classrooms;
}
