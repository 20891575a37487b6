import type { ColumnType } from 'kysely';

// The job queue, the outbox of kept messages and app metadata (db/schema.ts lists every table).

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
  /** Kept once per key (an `sms.send` job's id), so a job run again after a crash sends nothing twice. */
  send_key: ColumnType<string | null, string | null | undefined, never>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}
