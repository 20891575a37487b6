import { VIDEO_PERMISSION_ALLOWED } from '@batchwise/domain';
import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';

// Who works with private video courses.
//
// Staff: the account's teacher and the admins over it manage the library, the courses, the
// classrooms they are attached to and each student's VideoPermission; assistants are refused
// (videos and their storage are the account's, as fees are). Anything of another account is
// "not found" (AccessPolicy.requireAccount).
//
// Families: a student, or a parent of theirs, sees the courses attached to the child's visible
// classrooms and watches while the child's VideoPermission is "Allowed" on at least one of the
// course's classrooms (spec part 1 §3 "Accepted student"); a blocked child is told so. Playing
// hands out a short-lived signed address (video-stream.ts), so a link shared outside expires.

export function requireVideoManager(scope: AccountScope): void {
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}

/** Allowed on one of the course's classrooms is enough; blocking sets every one (setPermission). */
export function mayWatch(permissions: readonly string[]): boolean {
  return permissions.includes(VIDEO_PERMISSION_ALLOWED);
}
