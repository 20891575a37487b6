import { failure, notFound } from '../../lib/errors';
import { type AccountScope, seesClassroom, sendsSmsIn } from '../access/access.policy';

// Who works a classroom's report cards.
//
// A card is made of the classroom's marks, so whoever works those marks (assessments.policy.ts:
// the owner, the admins over it, every assistant whose accepted grant covers the classroom) reads
// its cards and tables, writes the teacher's remark, downloads the PDFs, reads the families'
// feedback and gives a family the link to its own child's card (or takes it back).
//
// Two things reach further and are narrowed here:
// - a result SMS spends the account's quota on the classroom's families: the sendSms permission
//   in that classroom, as for any SMS to its students and parents;
// - a class table link shows every student's marks to whoever holds it: the owner and admins
//   only, who answer for what the institution publishes.
//
// A classroom outside the caller's scope is "not found", as everywhere else. Families never reach
// these routes; their cards come through the links (report-links.service.ts).

/** Reads and writes the classroom's cards: remarks, PDFs, feedback, a family's card link. */
export function requireReportsOf(scope: AccountScope, classroomId: string): void {
  if (!seesClassroom(scope, classroomId)) throw notFound();
}

/** Texts the classroom's families their results. */
export function requireResultSender(scope: AccountScope, classroomId: string, batch: string): void {
  requireReportsOf(scope, classroomId);
  if (!sendsSmsIn(scope, classroomId)) throw failure(403, 'SMS_SEND_PERMISSION_REQUIRED', { batch });
}

/** Publishes (or withdraws) the class table by link: owners and admins. */
export function requireTablePublisher(scope: AccountScope, classroomId: string): void {
  requireReportsOf(scope, classroomId);
  if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
}
