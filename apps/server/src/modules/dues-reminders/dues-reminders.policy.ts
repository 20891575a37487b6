import { failure } from '../../lib/errors';
import type { AccountScope } from '../access/access.policy';
import { collectableClassrooms, requireFeesManager } from '../fees/fees.policy';
import { sendableClassrooms } from '../sms/sms.policy';

// Who may send dues SMS. A dues SMS tells a family what they owe and costs the
// account SMS quota, so it needs both: seeing the dues (the collect grant, fees.policy.ts) and
// texting families (the send grant, sms.policy.ts). Owners and admins have both everywhere; an
// assistant reminds the defaulters of the classrooms where they hold both, one classroom at a
// time unless both grants are account-wide. The automatic monthly reminder is a standing order
// that spends quota every month without anyone confirming it: the owner's and admins' only.

/** Classrooms whose defaulters the caller may remind; null: the whole account. */
export function remindableClassrooms(scope: AccountScope): string[] | null {
  const collect = collectableClassrooms(scope);
  const send = sendableClassrooms(scope);
  if (collect === null) return send;
  if (send === null) return collect;
  return collect.filter((id) => send.includes(id));
}

/** Refuses a dues send over more than the caller may remind (`classroomId`: the list's filter). */
export function requireReminderSender(scope: AccountScope, classroomId: string | undefined): void {
  const rooms = remindableClassrooms(scope);
  if (rooms === null) return;
  if (!classroomId || !rooms.includes(classroomId)) throw failure(403, 'DUES_REMINDER_PERMISSION_REQUIRED');
}

/** The automatic monthly reminder: owners and admins. */
export const requireReminderSettings = requireFeesManager;
