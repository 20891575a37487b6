import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { JobsRepository } from './jobs.repository';

export interface EnqueueOptions {
  /** Not before this time (ms); default now. */
  runAt?: number;
  /** The same key is never enqueued twice: the first job is returned instead. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export interface JobTypes {
  'mail.send': { to: string; subject: string; text: string; html?: string };
  'sms.send': { to: string; text: string };
}

export type JobType = keyof JobTypes;

/** Puts work into the jobs table for the worker; wakes a local worker so it starts at once. */
export class JobQueue {
  private wake: (() => void) | undefined;

  constructor(
    private readonly repo: JobsRepository,
    private readonly clock: Clock,
    private readonly defaults: { maxAttempts: number },
  ) {}

  async enqueue<T extends string>(
    type: T,
    payload: T extends JobType ? JobTypes[T] : unknown,
    options: EnqueueOptions = {},
  ): Promise<{ id: string; created: boolean }> {
    const now = this.clock.now();
    const { job, created } = await this.repo.insertUnlessDuplicate({
      id: newId(now),
      type,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: options.maxAttempts ?? this.defaults.maxAttempts,
      run_at: options.runAt ?? now,
      lease_until: null,
      locked_by: null,
      last_error: null,
      idempotency_key: options.idempotencyKey ?? null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    if (created) this.wake?.();
    return { id: job.id, created };
  }

  /** Called by an in-process worker so enqueued jobs skip the poll delay. */
  onEnqueue(wake: () => void): void {
    this.wake = wake;
  }
}
