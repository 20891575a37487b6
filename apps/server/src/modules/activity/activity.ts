import { type ActivityMessage, activityText } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/access';
import { newId } from '../../lib/ids';
import { ActivityRepository } from './activity.repository';

export interface ActivityEntry {
  accountId: string | null;
  eventName: string;
  /** What happened, as a key and parameters each reader sees in their own language, or… */
  message?: ActivityMessage;
  /** …plain text, for entries of no known form. */
  summary?: string;
  subjectType?: string;
  subjectId?: string;
  data?: Record<string, unknown>;
}

/**
 * The activity log (the spec's `Logs`): who did what to whom, when, and through which staff
 * member if impersonated. Written in the caller's transaction so the log and the change agree.
 */
export async function logActivity(
  db: Kysely<Database>,
  actor: Pick<Principal, 'user' | 'session'> | null,
  entry: ActivityEntry,
  now: number,
): Promise<void> {
  await new ActivityRepository(db).insert({
    id: newId(now),
    account_id: entry.accountId,
    actor_id: actor?.user.id ?? null,
    actor_name: actor?.user.name ?? null,
    impersonator_id: actor?.session.impersonator_id ?? null,
    event_name: entry.eventName,
    summary: entry.message ? activityText(entry.message) : (entry.summary ?? ''),
    message_key: entry.message?.key ?? null,
    message_params: entry.message ? JSON.stringify(entry.message.params) : null,
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId ?? null,
    data: entry.data ? JSON.stringify(entry.data) : null,
    created_at: now,
  });
}
