import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the server errors kept per account (migration 0051). */
export class AccountErrorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One more occurrence of a fingerprint on an account: a new row, or the count and time moved on. */
  async record(row: {
    accountId: string;
    fingerprint: string;
    method: string;
    route: string;
    status: number;
    code: string | null;
    errorName: string;
    at: number;
  }): Promise<void> {
    await this.db
      .insertInto('account_errors')
      .values({
        account_id: row.accountId,
        fingerprint: row.fingerprint,
        method: row.method,
        route: row.route,
        status: row.status,
        code: row.code,
        error_name: row.errorName,
        count: 1,
        first_at: row.at,
        last_at: row.at,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'fingerprint']).doUpdateSet({
          count: sql<number>`account_errors.count + 1`,
          last_at: row.at,
        }),
      )
      .execute();
  }

  recent(accountId: string, limit: number) {
    return this.db
      .selectFrom('account_errors')
      .select(['method', 'route', 'status', 'code', 'error_name', 'count', 'first_at', 'last_at'])
      .where('account_id', '=', accountId)
      .orderBy('last_at', 'desc')
      .limit(limit)
      .execute();
  }
}
