import type { FileShare } from '@batchwise/domain';
import { failure, notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who keeps a classroom's files and notes (spec part 2 §3 `CloudStorage`).
//
// Staff: whoever works the classroom keeps its files, as with its wall: the owner, the admins
// over it, and each assistant whose grant covers the classroom. A file of a classroom out of the
// caller's sight is "not found".
//
// Families: a student and their parents see a file only while the child is in its classroom
// and the file is shared with that classroom or with the child by name; anything else,
// including a file's direct address, is "not found" (classroom-files.repository.ts `shared`).

export function requireFilesOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}

/** Sharing with students names at least one, each a student of the classroom. */
export function requireShareStudents(
  share: FileShare,
  asked: readonly string[],
  enrolled: readonly string[],
): void {
  if (share !== 'students') return;
  if (asked.length === 0) throw failure(400, 'FILE_SHARE_STUDENTS_REQUIRED');
  if (asked.some((id) => !enrolled.includes(id))) throw notFound();
}
