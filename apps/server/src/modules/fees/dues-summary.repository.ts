import type { DuesTotals } from '@batchwise/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

// SQL of the dues list's summary (migration 0020; dues-summary.ts): which rows are stale, the
// sources of a batch of students, conditional writes of what was computed, and the list's reads.

/** Which students a dues list shows. */
export interface DuesFilter {
  accountId: string;
  classroomId?: string;
  onlyDue: boolean;
  /** Lower-cased; matched as part of the name, phone or custom ID. */
  q?: string;
}

/** Where a row sits in defaulters-first order before the name: most owed, then owed longest. */
export interface DuesKey {
  due: number;
  oldestKey: string;
}

/** What the summary keeps of one student, as computed. */
export interface SummaryRow {
  studentId: string;
  listed: boolean;
  name: string;
  phone: string;
  customId: string | null;
  searchText: string;
  /** ' id1 id2 ' */
  classroomIds: string;
  totals: DuesTotals;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class DuesSummaryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Rows not fresh for this month, by student id after `after`, with the version read now: three
   * ranges of the (account, fresh_for) index, so a fresh account costs three seeks.
   */
  stale(accountId: string, month: string, after: string, limit: number) {
    const part = (fresh: 'null' | '<' | '>') =>
      this.db
        .selectFrom('dues_summaries')
        .select(['student_id', 'version'])
        .where('account_id', '=', accountId)
        .where('student_id', '>', after)
        .where((eb) => (fresh === 'null' ? eb('fresh_for', 'is', null) : eb('fresh_for', fresh, month)));
    return part('null').unionAll(part('<')).unionAll(part('>')).orderBy('student_id').limit(limit).execute();
  }

  /** Accounts after `after`, in id order, with a row not fresh for this month (the fresh index). */
  async accountsWithStale(month: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dues_summaries')
      .select('account_id')
      .distinct()
      .where('account_id', '>', after)
      .where((eb) => eb.or([eb('fresh_for', 'is', null), eb('fresh_for', '<>', month)]))
      .orderBy('account_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.account_id);
  }

  /** Every row's version and freshness in the account (read from the fresh index alone). */
  versions(accountId: string) {
    return this.db
      .selectFrom('dues_summaries')
      .select(['student_id', 'version', 'fresh_for'])
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Rows of the account as they stand, fresh or not: all of them, or these students'. */
  rows(accountId: string, studentIds?: readonly string[]) {
    let query = this.db
      .selectFrom('dues_summaries')
      .select(SUMMARY_COLUMNS)
      .where('account_id', '=', accountId);
    if (studentIds) query = query.where('student_id', 'in', studentIds);
    return query.execute();
  }

  /** These students' rows, whichever accounts they are in (the family portal's home), with the account. */
  rowsOfStudents(studentIds: readonly string[]) {
    return this.db
      .selectFrom('dues_summaries')
      .select([...SUMMARY_COLUMNS, 'account_id'])
      .where('student_id', 'in', [...studentIds])
      .execute();
  }

  /** Accepted enrolments of these students in the account's classrooms, with what each bills. */
  enrolments(accountId: string, studentIds: readonly string[]) {
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
      .select([
        'e.student_id',
        'e.classroom_id',
        'e.tuition_fee as fee_override',
        'c.tuition_fee as classroom_fee',
        'e.accepted_at',
        'e.applied_at',
        'c.collection_month',
      ])
      .where('c.account_id', '=', accountId)
      .where('e.student_id', 'in', studentIds)
      .where('e.accepted_at', 'is not', null)
      .execute();
  }

  adjustments(accountId: string, studentIds: readonly string[]) {
    return this.db
      .selectFrom('fee_adjustments')
      .select(['student_id', 'classroom_id', 'month', 'kind', 'amount'])
      .where('account_id', '=', accountId)
      .where('student_id', 'in', studentIds)
      .where('removed_at', 'is', null)
      .execute();
  }

  allocations(accountId: string, studentIds: readonly string[]) {
    return this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['a.student_id', 'a.classroom_id', 'a.month', 'a.charge_id', 'a.amount'])
      .where('a.account_id', '=', accountId)
      .where('a.student_id', 'in', studentIds)
      .where('p.voided_at', 'is', null)
      .execute();
  }

  students(studentIds: readonly string[]) {
    return this.db
      .selectFrom('students')
      .select(['id', 'name', 'phone', 'custom_id'])
      .where('id', 'in', studentIds)
      .execute();
  }

  /**
   * Writes what was computed, each row only if its version is still the one read before its
   * sources were: a write to them since has raised it, and the row stays stale.
   */
  async write(accountId: string, month: string, rows: readonly (SummaryRow & { version: number })[]) {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .updateTable('dues_summaries')
          .set({
            fresh_for: month,
            listed: row.listed ? 1 : 0,
            name: row.name,
            phone: row.phone,
            custom_id: row.customId,
            search_text: row.searchText,
            classroom_ids: row.classroomIds,
            charged: row.totals.chargedPaisa,
            reduced: row.totals.reducedPaisa,
            paid: row.totals.paidPaisa,
            due: row.totals.duePaisa,
            credit: row.totals.creditPaisa,
            oldest_due_month: row.totals.oldestDueMonth,
            oldest_key: row.totals.oldestDueMonth ?? '9999-12',
          })
          .where('account_id', '=', accountId)
          .where('student_id', '=', row.studentId)
          .where('version', '=', row.version)
          .execute();
      }
    });
  }

  private listed(filter: DuesFilter) {
    const { classroomId } = filter;
    // A classroom's students are found through its enrolments (a few dozen), then their rows by
    // key; SQLite keeps the tables of a CROSS JOIN in the order written.
    let query = classroomId
      ? this.db
          .selectFrom('enrolments as e')
          .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
          .crossJoin('dues_summaries as d')
          .where('e.classroom_id', '=', classroomId)
          .where('e.accepted_at', 'is not', null)
          .where('c.account_id', '=', filter.accountId)
          .whereRef('d.student_id', '=', 'e.student_id')
      : this.db.selectFrom('dues_summaries as d');
    query = query.where('d.account_id', '=', filter.accountId).where('d.listed', '=', 1);
    if (filter.onlyDue) query = query.where('d.due', '>', 0);
    if (filter.q)
      query = query.where(sql<boolean>`d.search_text like ${`%${escapeLike(filter.q)}%`} escape '\\'`);
    return query;
  }

  /** How many students the list shows and what they owe together. */
  async count(filter: DuesFilter): Promise<{ total: number; sumDue: number }> {
    const row = await this.listed(filter)
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('d.due').as('sum_due')])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), sumDue: Number(row.sum_due ?? 0) };
  }

  /** The sort keys of the rows at these places in key order (ties among them in no order). */
  keysAt(filter: DuesFilter, offset: number, limit: number): Promise<{ due: number; oldest_key: string }[]> {
    return this.listed(filter)
      .select(['d.due', 'd.oldest_key'])
      .orderBy('d.due', 'desc')
      .orderBy('d.oldest_key')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many rows come before every row of this key. */
  async countBefore(filter: DuesFilter, key: DuesKey): Promise<number> {
    const row = await this.listed(filter)
      .where('d.due', '>=', key.due)
      .where(sql<boolean>`(d.due > ${key.due} or d.oldest_key < ${key.oldestKey})`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every row from the first key to the last, both included (a range of the order index). */
  between(filter: DuesFilter, first: DuesKey, last: DuesKey) {
    return this.listed(filter)
      .where('d.due', '<=', first.due)
      .where('d.due', '>=', last.due)
      .where(sql<boolean>`(d.due < ${first.due} or d.oldest_key >= ${first.oldestKey})`)
      .where(sql<boolean>`(d.due > ${last.due} or d.oldest_key <= ${last.oldestKey})`)
      .select([
        'd.student_id',
        'd.name',
        'd.phone',
        'd.custom_id',
        'd.charged',
        'd.reduced',
        'd.paid',
        'd.due',
        'd.credit',
        'd.oldest_due_month',
      ])
      .orderBy('d.student_id')
      .execute();
  }
}

/** What a summary row holds (its key aside). */
const SUMMARY_COLUMNS = [
  'student_id',
  'version',
  'fresh_for',
  'listed',
  'name',
  'phone',
  'custom_id',
  'search_text',
  'classroom_ids',
  'charged',
  'reduced',
  'paid',
  'due',
  'credit',
  'oldest_due_month',
] as const;
