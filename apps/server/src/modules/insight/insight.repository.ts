import { type Kysely, sql } from 'kysely';
import { bangladeshDayNumber } from '../../db/day-number';
import type { Database } from '../../db/schema';

// SQL of business insight: grouped sums per Bangladesh day (the service folds days into months)
// over a half-open range [startMs, endMs). An owner's sums use the (account_id, created_at)
// indexes; staff's use the created_at indexes of migration 0046. `accounts` null: every account.

export interface Range {
  startMs: number;
  endMs: number;
}

type Accounts = readonly string[] | null;
const ids = (accounts: readonly string[]) => (accounts.length > 0 ? [...accounts] : ['']);

export class InsightRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Students added per day. */
  studentsAdded(accounts: Accounts, range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('students')
      .select([day.as('day_no'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy(day)
      .execute();
  }

  /** Students archived per day (archived_at in the range). */
  studentsArchived(accounts: Accounts, range: Range) {
    const day = bangladeshDayNumber('archived_at');
    return this.db
      .selectFrom('students')
      .select([day.as('day_no'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('archived_at', '>=', range.startMs)
      .where('archived_at', '<', range.endMs)
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy(day)
      .execute();
  }

  /** Students on the books at an instant: added before it and not archived by then. */
  async studentsAt(accounts: Accounts, at: number): Promise<number> {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '<', at)
      .where((eb) => eb.or([eb('archived_at', 'is', null), eb('archived_at', '>=', at)]))
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** SMS parts sent and what they cost the account (parts × the send's rate), per day. */
  smsByDay(accounts: Accounts, range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('sms_sends')
      .select([
        day.as('day_no'),
        (eb) => eb.fn.sum<string>('parts').as('parts'),
        sql<string>`sum(parts * rate_paisa)`.as('paisa'),
      ])
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .where('status', '!=', 'cancelled')
      .$if(accounts !== null, (q) => q.where('account_id', 'in', ids(accounts!)))
      .groupBy(day)
      .execute();
  }

  /** Attendance marks per Bangladesh month (`YYYY-MM`) and status, of the accounts' classrooms. */
  attendanceByMonth(accounts: readonly string[], fromDay: string, toDay: string) {
    const month = sql<string>`substr(m.session_date, 1, 7)`;
    return this.db
      .selectFrom('attendance_marks as m')
      .innerJoin('classrooms as c', 'c.id', 'm.classroom_id')
      .select([month.as('month'), 'm.status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('c.account_id', 'in', ids(accounts))
      .where('m.session_date', '>=', fromDay)
      .where('m.session_date', '<=', toDay)
      .groupBy([month, 'm.status'])
      .execute();
  }

  /** Institution accounts created per day. */
  signUpsByDay(range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('accounts')
      .select([day.as('day_no'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .groupBy(day)
      .execute();
  }

  /** Accounts with any activity-log entry in the range. */
  async activeAccounts(range: Range): Promise<number> {
    const row = await this.db
      .selectFrom('activity_log')
      .select(sql<string>`count(distinct account_id)`.as('n'))
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Accounts that paid the platform (a plan or an SMS pack) in the range. */
  async payingAccounts(range: Range): Promise<number> {
    const row = await this.db
      .selectFrom('platform_purchases')
      .select(sql<string>`count(distinct account_id)`.as('n'))
      .where('status', '=', 'paid')
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** SMS packs sold per day. */
  smsRevenueByDay(range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('platform_purchases')
      .select([day.as('day_no'), (eb) => eb.fn.sum<string>('amount').as('paisa')])
      .where('kind', '=', 'sms')
      .where('status', '=', 'paid')
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .groupBy(day)
      .execute();
  }

  /** Online fee payments completed per day, and what the gateways kept. */
  onlinePaymentsByDay(range: Range) {
    const day = bangladeshDayNumber('created_at');
    return this.db
      .selectFrom('online_payments')
      .select([
        day.as('day_no'),
        (eb) => eb.fn.sum<string>('amount').as('paisa'),
        (eb) => eb.fn.sum<string>('gateway_fee').as('fee'),
      ])
      .where('status', '=', 'paid')
      .where('created_at', '>=', range.startMs)
      .where('created_at', '<', range.endMs)
      .groupBy(day)
      .execute();
  }

  /** Paid plans that ended in the range and have not been renewed by `now` (the end still stands). */
  churnByDay(range: Range, now: number) {
    const day = bangladeshDayNumber('plan_ends_at');
    return this.db
      .selectFrom('accounts')
      .select([day.as('day_no'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('plan_ends_at', '>=', range.startMs)
      .where('plan_ends_at', '<', Math.min(range.endMs, now))
      .groupBy(day)
      .execute();
  }

  async platformTotals(now: number) {
    const row = await this.db
      .selectFrom('accounts')
      .select([
        (eb) => eb.fn.countAll<string>().as('accounts'),
        sql<string>`sum(case when plan_ends_at > ${now} then 1 else 0 end)`.as('paying'),
      ])
      .executeTakeFirst();
    return { accounts: Number(row?.accounts ?? 0), paying: Number(row?.paying ?? 0) };
  }
}
