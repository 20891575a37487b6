import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AccountErrorsRepository } from './account-errors.repository';
import { type ErrorContext, fingerprintOf } from './error-report';

/** Errors shown on the staff console's account page. */
const RECENT = 10;

/**
 * The server errors of each account's routes, kept for the staff console (running the platform:
 * an account's page shows "recent activity and errors"). The answer is never held up by this:
 * the row is written after it, and a failure to write (the database may be what failed) is
 * only logged. A request names its account in the route's `accountId`; an id of no account is
 * refused by the foreign key and dropped.
 */
export class AccountErrors {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: { db: Db; clock: Clock; log: { warn(o: object, m: string): void } }) {}

  record(accountId: string, context: ErrorContext): void {
    const write = new AccountErrorsRepository(this.deps.db.kysely)
      .record({
        accountId,
        fingerprint: fingerprintOf(context),
        method: context.method ?? '',
        route: context.route ?? '',
        status: context.status ?? 500,
        code: context.code ?? null,
        errorName: context.errorName,
        at: this.deps.clock.now(),
      })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'could not keep an account error'))
      .finally(() => this.inFlight.delete(write));
    this.inFlight.add(write);
  }

  async recent(accountId: string) {
    const rows = await new AccountErrorsRepository(this.deps.db.kysely).recent(accountId, RECENT);
    return rows.map((r) => ({
      method: r.method,
      route: r.route,
      status: Number(r.status),
      code: r.code,
      errorName: r.error_name,
      count: Number(r.count),
      firstAt: Number(r.first_at),
      lastAt: Number(r.last_at),
    }));
  }

  /** Resolves once the writes begun so far have ended (tests; shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
