import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, JobRow, NewJobRow } from '../../db/schema';

/** Which jobs a claim may take: only the types named, or every type but those. */
export interface JobLane {
  types: readonly string[];
  only: boolean;
}

export class JobsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Inserts the job unless one with the same idempotency key exists; returns the stored job. */
  insertUnlessDuplicate(job: NewJobRow): Promise<{ job: JobRow; created: boolean }> {
    return insertJobUnlessDuplicate(this.db, job);
  }

  /**
   * Claims the next due job: queued and due, or running with an expired lease (its worker died).
   * On PostgreSQL, FOR UPDATE SKIP LOCKED lets many workers claim side by side without waiting
   * on each other; SQLite has a single writer, so the transaction alone serialises claims.
   */
  async claimNext(
    workerId: string,
    now: number,
    leaseMs: number,
    lane?: JobLane,
  ): Promise<JobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let next = trx
        .selectFrom('jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1);
      if (lane) next = next.where('type', lane.only ? 'in' : 'not in', lane.types);
      if (this.dialect === 'postgres') next = next.forUpdate().skipLocked();
      const row = await next.executeTakeFirst();
      if (!row) return undefined;
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          lease_until: now + leaseMs,
          locked_by: workerId,
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Extends the lease of a job this worker still runs. */
  async renewLease(id: string, workerId: string, leaseUntil: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Marks a job done, but only while this worker still holds it. */
  async complete(id: string, workerId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, updated_at: now, lease_until: null, last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async fail(
    id: string,
    workerId: string,
    now: number,
    error: string,
    next: { retryAt: number } | { dead: true },
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set(
        'dead' in next
          ? { status: 'dead', last_error: error, finished_at: now, updated_at: now, lease_until: null }
          : { status: 'queued', last_error: error, run_at: next.retryAt, updated_at: now, lease_until: null },
      )
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .execute();
  }

  findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

/**
 * The insert behind `JobsRepository.insertUnlessDuplicate`, usable with only a transaction at hand
 * (jobs.service.ts `enqueueIn`): the insert needs no dialect, only claiming does.
 */
export async function insertJobUnlessDuplicate(
  db: Kysely<Database>,
  job: NewJobRow,
): Promise<{ job: JobRow; created: boolean }> {
  const inserted = await db
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { job: inserted, created: true };
  const existing = await db
    .selectFrom('jobs')
    .selectAll()
    .where('idempotency_key', '=', job.idempotency_key!)
    .executeTakeFirstOrThrow();
  return { job: existing, created: false };
}
