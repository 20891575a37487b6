import type { Principal } from '../../lib/access';
import { failure, notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who works a classroom's wall (the app's wall, spec part 2 §9).
//
// Posting and moderating announcements is the everyday work of whoever teaches the batch, as
// with its roll call and marks: the classroom's owner, the admins over it, and every assistant
// whose accepted grant covers the classroom. An announcement posted to several classrooms is
// changed, deleted or moderated only by someone who sees all of them. Sending it as SMS asks the
// SMS capability's own permission (sms.policy.ts) inside its compose service.
//
// Families: students and parents read the walls of the child's visible classrooms; only the
// student comments (a parent reads), only while the teacher leaves comments on, and removes
// only their own comment. Anything out of the caller's sight is "not found".

/** The caller sees every one of these classrooms of the account. */
export function requireWallOf(scope: AccountScope, classroomIds: readonly string[]): void {
  if (classroomIds.length === 0 || classroomIds.some((id) => !seesClassroom(scope, id))) throw notFound();
}

/** A student comments while comments are on; a parent never does. */
export function mayComment(principal: Principal, commentsOn: boolean): boolean {
  return principal.user.profession === 'Student' && commentsOn;
}

export function requireCommentsOn(commentsOn: boolean): void {
  if (!commentsOn) throw failure(403, 'WALL_COMMENTS_OFF');
}
