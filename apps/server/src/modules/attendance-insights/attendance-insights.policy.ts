import { notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom } from '../access/access.policy';

// Who reads a classroom's attendance insights: whoever reads its register and takes its roll call
// (attendance-reports.policy.ts) — the classroom's owner, the admins over it and every assistant
// whose accepted grant covers it. The insights are that register read another way, and the parent
// SMS they draft goes through SMS compose, where the send permission is checked at review.
// A classroom outside the caller's scope is "not found", as everywhere else.

/** The caller may read this classroom's attendance insights. */
export function requireInsightsOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}
