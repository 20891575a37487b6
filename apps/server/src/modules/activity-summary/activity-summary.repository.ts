import type { Kysely } from 'kysely';
import { bangladeshDayNumber } from '../../db/day-number';
import type { Database } from '../../db/schema';

// SQL of the activity summary: grouped counts of the activity log and download usage over a
// half-open range [startMs, endMs), served by their (account_id, created_at) indexes for an
// account and their created_at indexes (migration 0046) for staff across accounts.

export interface Range {
  startMs: number;
  endMs: number;
}

/** The accounts a summary covers; null: every account, and entries of none (staff actions). */
export type AccountFilter = readonly string[] | null;

/** The list for an `in`, never empty (an empty `in ()` is an error in SQL). */
const ids = (accounts: readonly string[]) => (accounts.length > 0 ? [...accounts] : ['']);

export class ActivitySummaryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Entries per Bangladesh day and event. */
  countsByDayAndEvent(accounts: AccountFilter, range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('activity_log')
      .select([day.as('day_no'), 'event_name', (eb) => eb.fn.countAll<string>().as('n')])
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy([day, 'event_name'])
      .execute();
  }

  /** The busiest accounts of the range. */
  topAccounts(accounts: AccountFilter, range: Range, event: string | undefined, limit: number) {
    return this.db
      .selectFrom('activity_log as l')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .select(['a.id as account_id', 'a.institution', (eb) => eb.fn.countAll<string>().as('n')])
      .where('l.created_at', '>=', range.startMs)
      .where('l.created_at', '<', range.endMs)
      .$if(event !== undefined, (q) => q.where('l.event_name', '=', event!))
      .$if(accounts !== null, (q) => q.where('l.account_id', 'in', ids(accounts!)))
      .groupBy(['a.id', 'a.institution'])
      .orderBy('n', 'desc')
      .orderBy('a.id')
      .limit(limit)
      .execute();
  }

  /** Days on which an account's entries passed the limit. */
  eventBursts(accounts: AccountFilter, range: Range, limit: number) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('activity_log')
      .select(['account_id', day.as('day_no'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('account_id', 'is not', null)
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy(['account_id', day])
      .having((eb) => eb.fn.countAll(), '>', limit)
      .execute();
  }

  /** Days on which an account's downloads passed a limit (count or bytes). */
  downloadBursts(accounts: AccountFilter, range: Range, limits: { count: number; bytes: number }) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('download_usage')
      .select([
        'account_id',
        day.as('day_no'),
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string>('bytes').as('bytes'),
      ])
      .where('account_id', 'is not', null)
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy(['account_id', day])
      .having((eb) =>
        eb.or([eb(eb.fn.countAll(), '>', limits.count), eb(eb.fn.sum('bytes'), '>', limits.bytes)]),
      )
      .execute();
  }

  /** Accounts whose owner staff flagged for suspicious traffic. */
  flagged(accounts: AccountFilter) {
    return this.db
      .selectFrom('accounts as a')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      .select(['a.id', 'a.institution', 'u.suspicious_at'])
      .where('u.suspicious_at', 'is not', null)
      .$if(accounts !== null, (q) => q.where('a.id', 'in', ids(accounts!)))
      .orderBy('u.suspicious_at', 'desc')
      .execute();
  }

  institutions(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('accounts')
      .select(['id', 'institution'])
      .where('id', 'in', [...accountIds])
      .execute();
  }
}
