import { notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

/**
 * Who works an assignment (DESIGN.md §3.5): staff who see a classroom see the assignments posted
 * to it and its students' work there; posting to, changing or removing an assignment needs every
 * one of its classrooms in sight, so an assistant never reaches a classroom they were not given.
 * Anything out of sight is answered as not found.
 */
export function requireEveryClassroom(scope: AccountScope, classroomIds: readonly string[]): void {
  if (!classroomIds.every((id) => seesClassroom(scope, id))) throw notFound();
}

/** The classrooms among these the caller sees; none: not found. */
export function requireSomeClassroom(scope: AccountScope, classroomIds: readonly string[]): string[] {
  const seen = classroomIds.filter((id) => seesClassroom(scope, id));
  if (seen.length === 0) throw notFound();
  return seen;
}
