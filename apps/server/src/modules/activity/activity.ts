import {
  type AccountSummary,
  type ActivityMessage,
  type ActivityParams,
  activityText,
  isActivityMessageKey,
} from '@batchwise/domain';
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

/** A log row as readers get it: its key and parameters when it has a known form. */
export function activityView(row: {
  id: string;
  event_name: string;
  summary: string;
  message_key: string | null;
  message_params: string | null;
  actor_name: string | null;
  created_at: number;
}): AccountSummary['recentActivity'][number] {
  return {
    id: row.id,
    eventName: row.event_name,
    summary: row.summary,
    message:
      row.message_key !== null && isActivityMessageKey(row.message_key)
        ? { key: row.message_key, params: JSON.parse(row.message_params ?? '{}') as ActivityParams }
        : null,
    actorName: row.actor_name,
    createdAt: Number(row.created_at),
  };
}
