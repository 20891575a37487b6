import type { MoneyTransactionKind } from '@batchwise/domain';
import { type Insertable, type Kysely, sql } from 'kysely';
import { bangladeshDayNumber } from '../../db/day-number';
import type { Database } from '../../db/schema';
import type { MoneyEntriesTable } from '../../db/schema-money';

// SQL of the money manager. Reports are grouped sums over a half-open range of
// instants [startMs, endMs) of one account, served by the (account_id, time) indexes of payments
// (0018), money_entries and fee_adjustments (0023). Fees tables are only read here.

const dayNumber = bangladeshDayNumber;

export interface Range {
  startMs: number;
  endMs: number;
}

export type TransactionFilter = 'all' | MoneyTransactionKind;

export class MoneyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Payments and refunds that stand, summed per day; refunds come back negative. */
  paymentSumsByDay(accountId: string, range: Range) {
    const day = dayNumber('received_at');
    const refund = sql<number>`case when refund_of is null then 0 else 1 end`;
    return this.db
      .selectFrom('payments')
      .select([day.as('day_no'), refund.as('is_refund'), (eb) => eb.fn.sum<string>('amount').as('paisa')])
      .where('account_id', '=', accountId)
      .where('received_at', '>=', range.startMs)
      .where('received_at', '<', range.endMs)
      .where('voided_at', 'is', null)
      .groupBy([day, refund])
      .execute();
  }

  /** Manual entries in force, summed per day and kind. */
  entrySumsByDay(accountId: string, range: Range) {
    const day = dayNumber('occurred_at');
    return this.db
      .selectFrom('money_entries')
      .select([day.as('day_no'), 'kind', (eb) => eb.fn.sum<string>('amount').as('paisa')])
      .where('account_id', '=', accountId)
      .where('occurred_at', '>=', range.startMs)
      .where('occurred_at', '<', range.endMs)
      .where('removed_at', 'is', null)
      .groupBy([day, 'kind'])
      .execute();
  }

  /** Manual entries in force, summed per kind and category (where the money went). */
  entrySumsByCategory(accountId: string, range: Range) {
    return this.db
      .selectFrom('money_entries')
      .select(['kind', 'category', (eb) => eb.fn.sum<string>('amount').as('paisa')])
      .where('account_id', '=', accountId)
      .where('occurred_at', '>=', range.startMs)
      .where('occurred_at', '<', range.endMs)
      .where('removed_at', 'is', null)
      .groupBy(['kind', 'category'])
      .execute();
  }

  /** What standing payments (and refunds, negative) of the range put on monthly fees and on charges. */
  allocationSplit(accountId: string, range: Range) {
    const tuition = sql<number>`case when a.month is null then 0 else 1 end`;
    return this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select([tuition.as('is_tuition'), (eb) => eb.fn.sum<string>('a.amount').as('paisa')])
      .where('p.account_id', '=', accountId)
      .where('p.received_at', '>=', range.startMs)
      .where('p.received_at', '<', range.endMs)
      .where('p.voided_at', 'is', null)
      .groupBy(tuition)
      .execute();
  }

  /** Waivers and discounts granted in the range and still in force, with the monthly fee they touch. */
  reductionsGranted(accountId: string, range: Range) {
    return this.db
      .selectFrom('fee_adjustments as a')
      .innerJoin('classrooms as c', 'c.id', 'a.classroom_id')
      .leftJoin('enrolments as e', (join) =>
        join.onRef('e.student_id', '=', 'a.student_id').onRef('e.classroom_id', '=', 'a.classroom_id'),
      )
      .select(['a.kind', 'a.amount', 'e.tuition_fee as fee_override', 'c.tuition_fee as classroom_fee'])
      .where('a.account_id', '=', accountId)
      .where('a.created_at', '>=', range.startMs)
      .where('a.created_at', '<', range.endMs)
      .where('a.removed_at', 'is', null)
      .where('a.kind', 'in', ['waiver', 'discount'])
      .execute();
  }

  private paymentRows(accountId: string, range: Range, refunds: boolean | null) {
    let query = this.db
      .selectFrom('payments as p')
      .innerJoin('students as s', 's.id', 'p.student_id')
      .leftJoin('users as u', 'u.id', 'p.created_by_user_id')
      .select([
        'p.id',
        sql<string>`case when p.refund_of is null then 'payment' else 'refund' end`.as('kind'),
        'p.received_at as at',
        'p.amount',
        's.name as label',
        sql<number | null>`p.receipt_no`.as('receipt_no'),
        sql<string | null>`p.method`.as('method'),
        'p.note',
        'u.name as by',
        sql<number | null>`p.voided_at`.as('voided_at'),
      ])
      .where('p.account_id', '=', accountId)
      .where('p.received_at', '>=', range.startMs)
      .where('p.received_at', '<', range.endMs);
    if (refunds !== null) query = query.where('p.refund_of', refunds ? 'is not' : 'is', null);
    return query;
  }

  private entryRows(accountId: string, range: Range, kind: 'income' | 'expense' | null) {
    let query = this.db
      .selectFrom('money_entries as m')
      .leftJoin('users as u', 'u.id', 'm.created_by_user_id')
      .select([
        'm.id',
        sql<string>`m.kind`.as('kind'),
        'm.occurred_at as at',
        'm.amount',
        'm.category as label',
        sql<number | null>`null`.as('receipt_no'),
        sql<string | null>`null`.as('method'),
        'm.note',
        'u.name as by',
        sql<number | null>`null`.as('voided_at'),
      ])
      .where('m.account_id', '=', accountId)
      .where('m.occurred_at', '>=', range.startMs)
      .where('m.occurred_at', '<', range.endMs)
      .where('m.removed_at', 'is', null);
    if (kind) query = query.where('m.kind', '=', kind);
    return query;
  }

  /** Payments, refunds and entries of the range merged (voided payments too, marked). */
  private transactionRows(accountId: string, range: Range, filter: TransactionFilter) {
    const payments =
      filter === 'all' || filter === 'payment' || filter === 'refund'
        ? this.paymentRows(accountId, range, filter === 'all' ? null : filter === 'refund')
        : null;
    const entries =
      filter === 'all' || filter === 'income' || filter === 'expense'
        ? this.entryRows(accountId, range, filter === 'all' ? null : filter)
        : null;
    if (payments && entries) return payments.unionAll(entries);
    return (payments ?? entries)!;
  }

  /** One page, newest first. */
  transactions(accountId: string, range: Range, filter: TransactionFilter, limit: number, offset: number) {
    return this.db
      .selectFrom(this.transactionRows(accountId, range, filter).as('t'))
      .selectAll()
      .orderBy('t.at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countTransactions(accountId: string, range: Range, filter: TransactionFilter): Promise<number> {
    const row = await this.db
      .selectFrom(this.transactionRows(accountId, range, filter).as('t'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async classroomCount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('classrooms')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async studentCount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The account's classrooms by id, closed ones too (their past months still count). */
  classrooms(accountId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .orderBy('grade')
      .orderBy('subject')
      .orderBy('name')
      .execute();
  }

  /** Every accepted enrolment of the account with what it bills (the collection rate). */
  enrolments(accountId: string) {
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
      .select([
        'e.student_id',
        'e.classroom_id',
        'e.tuition_fee as fee_override',
        'c.tuition_fee as classroom_fee',
        'e.accepted_at',
        'c.collection_month',
      ])
      .where('c.account_id', '=', accountId)
      .where('e.accepted_at', 'is not', null)
      .execute();
  }

  /** Adjustments in force on one month. */
  monthAdjustments(accountId: string, month: string) {
    return this.db
      .selectFrom('fee_adjustments')
      .select(['student_id', 'classroom_id', 'kind', 'amount'])
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .where('removed_at', 'is', null)
      .execute();
  }

  /** Classroom charges in force falling due in one month. */
  monthCharges(accountId: string, month: string) {
    return this.db
      .selectFrom('fee_charges')
      .select(['id', 'label', 'amount', 'due_month', 'classroom_id'])
      .where('account_id', '=', accountId)
      .where('due_month', '=', month)
      .where('classroom_id', 'is not', null)
      .where('removed_at', 'is', null)
      .execute();
  }

  /** Allocations of standing payments to one month's fees or to charges (whenever paid). */
  monthAllocations(accountId: string, month: string, chargeIds: readonly string[]) {
    return this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['a.student_id', 'a.classroom_id', 'a.month', 'a.charge_id', 'a.amount'])
      .where('a.account_id', '=', accountId)
      .where('p.voided_at', 'is', null)
      .where((eb) =>
        chargeIds.length > 0
          ? eb.or([eb('a.month', '=', month), eb('a.charge_id', 'in', chargeIds)])
          : eb('a.month', '=', month),
      )
      .execute();
  }

  /** The categories the account has used, per kind. */
  usedCategories(accountId: string) {
    return this.db
      .selectFrom('money_entries')
      .select(['kind', 'category'])
      .distinct()
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .orderBy('category')
      .execute();
  }

  async insertEntry(row: Insertable<MoneyEntriesTable>): Promise<void> {
    await this.db.insertInto('money_entries').values(row).execute();
  }

  /** Entries in force, by id, with who recorded and changed them. */
  entries(accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('money_entries as m')
      .leftJoin('users as c', 'c.id', 'm.created_by_user_id')
      .leftJoin('users as u', 'u.id', 'm.updated_by_user_id')
      .selectAll('m')
      .select(['c.name as created_by', 'u.name as updated_by'])
      .where('m.account_id', '=', accountId)
      .where('m.id', 'in', ids)
      .where('m.removed_at', 'is', null)
      .execute();
  }

  /** Changes an entry in force; false when there is none. */
  async updateEntry(
    accountId: string,
    id: string,
    change: Pick<MoneyEntriesTable, 'kind' | 'category' | 'amount' | 'occurred_at' | 'note'> & {
      updated_at: number;
      updated_by_user_id: string;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('money_entries')
      .set(change)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an entry in force, keeping it with who deleted it and when; false when there is none. */
  async removeEntry(accountId: string, id: string, userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('money_entries')
      .set({ removed_at: now, removed_by_user_id: userId })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
