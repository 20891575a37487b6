import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * The relational schema as Kysely sees it. Portable across SQLite and PostgreSQL:
 * ids are application-generated text, timestamps integer ms (bigint), money integer paisa,
 * flags integer 0/1 and JSON documents text.
 */

export interface JobsTable {
  id: string;
  type: string;
  /** JSON text */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'dead';
  attempts: number;
  max_attempts: number;
  run_at: number;
  /** The claim expires at this time; a running job past it was interrupted and is claimed again. */
  lease_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface OutboxTable {
  id: string;
  kind: 'mail' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  /** JSON text: html body, sender id and other driver details */
  meta: string | null;
  created_at: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  jobs: JobsTable;
  outbox: OutboxTable;
  app_meta: AppMetaTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type OutboxRow = Selectable<OutboxTable>;
