import os from 'node:os';
import type { JobRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { JobLane, JobsRepository } from './jobs.repository';
import type { JobQueue } from './jobs.service';

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

const LONG = Symbol('a job that may run for minutes');

/** Marks a handler that may run for minutes: the worker gives such jobs a lane of their own. */
export function longJob(handler: JobHandler): JobHandler {
  return Object.assign((payload: unknown, job: JobRow) => handler(payload, job), { [LONG]: true });
}

/** A failure no retry can mend (a gateway refusing a message for good): the job ends `dead` now. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface WorkerOptions {
  pollMs: number;
  leaseMs: number;
  backoffMs: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  /** Told of every failed run (the error reports); the job's payload is not passed on. */
  onFailure?: (job: { type: string; attempt: number; dead: boolean }, error: unknown) => void;
}

/** Exponential backoff from the base delay, capped at an hour, for the n-th failed attempt. */
export function retryDelay(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Claims due jobs one at a time and runs their handlers. A job whose worker dies stays
 * `running` until its lease ends, then any worker claims it again, so work survives crashes.
 *
 * Jobs whose handler is marked `longJob` (a video's transcode, an account's archive) run in a
 * lane of their own beside the rest: a sign-in code, a cancelled class's SMS or an absence alert would
 * otherwise wait behind a transcode of several minutes.
 */
export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${newId()}`;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly repo: JobsRepository,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly clock: Clock,
    private readonly options: WorkerOptions,
    queue?: JobQueue,
  ) {
    queue?.onEnqueue(() => this.wakeAll());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const types = Object.keys(this.handlers).filter((type) => LONG in (this.handlers[type] as object));
    const lanes: (JobLane | undefined)[] = types.length
      ? [
          { types, only: false },
          { types, only: true },
        ]
      : [undefined];
    this.loops = lanes.map((lane) => this.loop(lane));
  }

  /** Stops claiming new jobs and waits for the ones in hand to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeAll();
    await Promise.all(this.loops);
  }

  /** Whether this worker runs jobs of this type (every recurring job must have a handler). */
  handles(type: string): boolean {
    return Object.hasOwn(this.handlers, type);
  }

  /** Runs every job that is due now, of any lane, one after another; returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  private async loop(lane: JobLane | undefined): Promise<void> {
    while (this.running) {
      let ran = false;
      try {
        ran = await this.runOne(lane);
      } catch (error) {
        this.options.log.error({ err: error }, 'job worker could not claim a job');
      }
      if (!ran && this.running) await this.sleep(this.options.pollMs);
    }
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  private async runOne(lane?: JobLane): Promise<boolean> {
    const job = await this.repo.claimNext(this.id, this.clock.now(), this.options.leaseMs, lane);
    if (!job) return false;
    const handler = this.handlers[job.type];
    // The lease is renewed while the handler runs, so a long job (an SMS broadcast, a backup) is
    // not taken up by a second worker halfway; a worker that dies stops renewing it.
    const renewal = setInterval(() => {
      this.repo
        .renewLease(job.id, this.id, this.clock.now() + this.options.leaseMs)
        .catch((error) => this.options.log.error({ err: error, jobId: job.id }, 'job lease not renewed'));
    }, this.options.leaseMs / 3);
    try {
      if (!handler) throw new Error(`No handler for job type "${job.type}"`);
      await handler(JSON.parse(job.payload), job);
      await this.repo.complete(job.id, this.id, this.clock.now());
      this.options.log.info({ jobId: job.id, type: job.type, attempt: job.attempts }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.clock.now();
      const dead = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      await this.repo.fail(
        job.id,
        this.id,
        now,
        message,
        dead ? { dead: true } : { retryAt: now + retryDelay(job.attempts, this.options.backoffMs) },
      );
      this.options.log.error(
        { jobId: job.id, type: job.type, attempt: job.attempts, dead, err: message },
        'job failed',
      );
      this.options.onFailure?.({ type: job.type, attempt: job.attempts, dead }, error);
    } finally {
      clearInterval(renewal);
    }
    return true;
  }
}
