import type { Kysely } from 'kysely';
import type { ListVersionsRead } from '../../db/database';
import type { ListVersionRow } from '../../db/pg-table-stamps';
import { numbered, preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

/** The accounts' rows of `list_versions` (migrations 0005, 0084): what the list's stamps are made of. */
export class ListVersionsRepository {
  /** Read on every list request: prepared per number of accounts. */
  private readonly reads = new Map<number, (ids: Record<string, unknown>) => Promise<ListVersionRow[]>>();

  /** `begun`: the list versions read with a request's stamps (PostgreSQL, db/pg-table-stamps.ts). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly begun?: ListVersionsRead,
  ) {}

  /**
   * The rows of these accounts (an account without one has changed nothing yet). `caller`: the
   * request's principal, whose begin read them with its stamps when its path named the one
   * account asked for; else they are read now.
   */
  async read(accountIds: readonly string[], caller?: object): Promise<readonly ListVersionRow[]> {
    if (accountIds.length === 0) return [];
    const begun = caller && (await this.begun?.(caller, accountIds));
    if (begun) return begun;
    const ids = numbered('id', accountIds);
    let read = this.reads.get(accountIds.length);
    if (!read) {
      const { names } = ids;
      read = preparedQuery(this.db, names, (ids) =>
        this.db
          .selectFrom('list_versions')
          .selectAll()
          .where(
            'account_id',
            'in',
            names.map((name) => ids[name]!),
          ),
      );
      this.reads.set(accountIds.length, read);
    }
    return read(ids.values);
  }
}
