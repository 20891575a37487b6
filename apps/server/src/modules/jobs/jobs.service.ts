import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, NewJobRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { insertJobUnlessDuplicate, JobsRepository } from './jobs.repository';

export interface EnqueueOptions {
  /**
   * Enqueue inside this transaction, so the job exists exactly when the transaction's other
   * writes do (a sign-up and its report, an SMS attempt and its sends).
   */
  trx?: Kysely<Database>;
  /** Not before this time (ms); default now. */
  runAt?: number;
  /** The same key is never enqueued twice: the first job is returned instead. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export interface JobTypes {
  'mail.send': { to: string; subject: string; text: string; html?: string };
  'sms.send': { to: string; text: string };
  /** Sends the queued messages of one SMS send (modules/sms/sms-dispatcher.ts). */
  'sms.dispatch': { sendId: string };
  'signup.report': { userId: string; accountType: string; institution: string; business: boolean };
  /** Parent SMS for newly recorded punches (the handler is the alerts module's). */
  'attendance.alert': { punchIds: string[] };
  /** One webhook delivery to one endpoint (modules/webhooks/webhook-delivery.ts). */
  'webhook.deliver': { deliveryId: string };
}

export type JobType = keyof JobTypes;

/** Puts work into the jobs table for the worker; wakes a local worker so it starts at once. */
export class JobQueue {
  private wake: (() => void) | undefined;

  constructor(
    private readonly repo: JobsRepository,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly defaults: { maxAttempts: number },
  ) {}

  async enqueue<T extends string>(
    type: T,
    payload: T extends JobType ? JobTypes[T] : unknown,
    options: EnqueueOptions = {},
  ): Promise<{ id: string; created: boolean }> {
    const now = this.clock.now();
    const repo = options.trx ? new JobsRepository(options.trx, this.dialect) : this.repo;
    const { job, created } = await repo.insertUnlessDuplicate(
      jobRow(type, payload, now, {
        ...options,
        maxAttempts: options.maxAttempts ?? this.defaults.maxAttempts,
      }),
    );
    // A job written in a transaction is not visible until commit; the next poll finds it.
    if (created && !options.trx) this.wake?.();
    return { id: job.id, created };
  }

  /** Called by an in-process worker so enqueued jobs skip the poll delay. */
  onEnqueue(wake: () => void): void {
    this.wake = wake;
  }
}

/**
 * Enqueues inside a transaction with no queue at hand, for helpers that, like `logActivity`, are
 * called from many services' transactions (modules/webhooks/webhook-outbox.ts). The job exists
 * exactly when the transaction's other writes do; the worker's next poll finds it.
 */
export async function enqueueIn<T extends JobType>(
  trx: Kysely<Database>,
  now: number,
  type: T,
  payload: JobTypes[T],
  options: Omit<EnqueueOptions, 'trx' | 'maxAttempts'> & { maxAttempts: number },
): Promise<{ id: string; created: boolean }> {
  const { job, created } = await insertJobUnlessDuplicate(trx, jobRow(type, payload, now, options));
  return { id: job.id, created };
}

function jobRow(
  type: string,
  payload: unknown,
  now: number,
  options: Omit<EnqueueOptions, 'trx' | 'maxAttempts'> & { maxAttempts: number },
): NewJobRow {
  return {
    id: newId(now),
    type,
    payload: JSON.stringify(payload),
    status: 'queued',
    attempts: 0,
    max_attempts: options.maxAttempts,
    run_at: options.runAt ?? now,
    lease_until: null,
    locked_by: null,
    last_error: null,
    idempotency_key: options.idempotencyKey ?? null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
}
