import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  FeeAdjustmentsTable,
  FeeChargesTable,
  PaymentAllocationsTable,
  PaymentsTable,
} from '../../db/schema-fees';

/** SQL of fees and payments (db/schema-fees.ts). Rows withdrawn or voided are kept. */
export class FeesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The student's enrolments in classrooms of this account, with what each bills. */
  enrolments(accountId: string, studentId: string) {
    return (
      this.db
        .selectFrom('enrolments as e')
        .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
        .select([
          'e.classroom_id',
          'c.name as classroom_name',
          'e.tuition_fee as fee_override',
          'c.tuition_fee as classroom_fee',
          'e.accepted_at',
          'e.applied_at',
          'c.collection_month',
        ])
        .where('e.student_id', '=', studentId)
        .where('c.account_id', '=', accountId)
        .where('e.accepted_at', 'is not', null)
        // Lines of one month follow this order (the domain sort keeps it).
        .orderBy('c.grade')
        .orderBy('c.subject')
        .orderBy('c.name')
        .orderBy('c.id')
        .execute()
    );
  }

  /** Every accepted enrolment in the account's classrooms, with its student (the dues list). */
  accountEnrolments(accountId: string) {
    return this.db
      .selectFrom('enrolments as e')
      .innerJoin('classrooms as c', 'c.id', 'e.classroom_id')
      .innerJoin('students as s', 's.id', 'e.student_id')
      .select([
        'e.student_id',
        's.name as student_name',
        's.custom_id',
        's.phone',
        'e.classroom_id',
        'c.name as classroom_name',
        'e.tuition_fee as fee_override',
        'c.tuition_fee as classroom_fee',
        'e.accepted_at',
        'e.applied_at',
        'c.collection_month',
      ])
      .where('c.account_id', '=', accountId)
      .where('e.accepted_at', 'is not', null)
      .execute();
  }

  accountAdjustments(accountId: string) {
    return this.db
      .selectFrom('fee_adjustments')
      .select(['student_id', 'classroom_id', 'month', 'kind', 'amount'])
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .execute();
  }

  accountAllocations(accountId: string) {
    return this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['a.student_id', 'a.classroom_id', 'a.month', 'a.charge_id', 'a.amount'])
      .where('a.account_id', '=', accountId)
      .where('p.voided_at', 'is', null)
      .execute();
  }

  /** Names of the account's classrooms by id, for lines whose student has left the classroom. */
  async classroomNames(accountId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  adjustments(accountId: string, studentId: string) {
    return this.db
      .selectFrom('fee_adjustments as a')
      .leftJoin('users as u', 'u.id', 'a.created_by_user_id')
      .selectAll('a')
      .select('u.name as created_by')
      .where('a.account_id', '=', accountId)
      .where('a.student_id', '=', studentId)
      .where('a.removed_at', 'is', null)
      .orderBy('a.month')
      .orderBy('a.created_at')
      .execute();
  }

  async insertAdjustment(row: Insertable<FeeAdjustmentsTable>): Promise<void> {
    await this.db.insertInto('fee_adjustments').values(row).execute();
  }

  /** Withdraws an adjustment still in force; false when there is none. */
  async removeAdjustment(accountId: string, studentId: string, id: string, userId: string, now: number) {
    const result = await this.db
      .updateTable('fee_adjustments')
      .set({ removed_at: now, removed_by_user_id: userId })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('student_id', '=', studentId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Charges in force that this student owes: their classrooms' and their own. */
  chargesFor(accountId: string, studentId: string, classroomIds: readonly string[]) {
    return this.db
      .selectFrom('fee_charges')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('student_id', '=', studentId),
          ...(classroomIds.length > 0
            ? [eb.and([eb('student_id', 'is', null), eb('classroom_id', 'in', classroomIds)])]
            : []),
        ]),
      )
      .orderBy('due_month')
      .execute();
  }

  charges(accountId: string, classroomId?: string) {
    let query = this.db
      .selectFrom('fee_charges')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null);
    if (classroomId) query = query.where('classroom_id', '=', classroomId);
    return query.orderBy('due_month', 'desc').orderBy('created_at', 'desc').execute();
  }

  async insertCharge(row: Insertable<FeeChargesTable>): Promise<void> {
    await this.db.insertInto('fee_charges').values(row).execute();
  }

  async removeCharge(accountId: string, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('fee_charges')
      .set({ removed_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** What the student's payments that stand put against months and charges. */
  standingAllocations(accountId: string, studentId: string) {
    return this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['a.classroom_id', 'a.month', 'a.charge_id', 'a.amount'])
      .where('a.account_id', '=', accountId)
      .where('a.student_id', '=', studentId)
      .where('p.voided_at', 'is', null)
      .execute();
  }

  /**
   * The account's next receipt number. The counter row is written first in the payment's
   * transaction, so it is held until commit: two payments never share a number, and a payment
   * rolled back gives its number back (no gaps).
   */
  async nextReceiptNo(accountId: string): Promise<number> {
    const row = await this.db
      .insertInto('payment_counters')
      .values({ account_id: accountId, last_receipt_no: 1 })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ last_receipt_no: sql`payment_counters.last_receipt_no + 1` }),
      )
      .returning('last_receipt_no')
      .executeTakeFirstOrThrow();
    return Number(row.last_receipt_no);
  }

  async insertPayment(
    payment: Insertable<PaymentsTable>,
    allocations: readonly Insertable<PaymentAllocationsTable>[],
  ): Promise<void> {
    await this.db.insertInto('payments').values(payment).execute();
    if (allocations.length > 0)
      await this.db
        .insertInto('payment_allocations')
        .values([...allocations])
        .execute();
  }

  private payments() {
    return this.db
      .selectFrom('payments as p')
      .innerJoin('students as s', 's.id', 'p.student_id')
      .leftJoin('users as taker', 'taker.id', 'p.created_by_user_id')
      .leftJoin('users as voider', 'voider.id', 'p.voided_by_user_id')
      .selectAll('p')
      .select(['s.name as student_name', 'taker.name as taken_by', 'voider.name as voided_by']);
  }

  /** A payment by its receipt link's key, with the institution it was paid to. */
  paymentByReceiptKey(key: string) {
    return this.payments()
      .innerJoin('accounts as acc', 'acc.id', 'p.account_id')
      .select(['acc.institution', 'acc.logo_key', 's.custom_id'])
      .where('p.receipt_key', '=', key)
      .executeTakeFirst();
  }

  /** The payment a counter form's request key recorded, if any (the form's retry). */
  paymentByRequestKey(accountId: string, requestKey: string) {
    return this.db
      .selectFrom('payments')
      .select(['id', 'student_id'])
      .where('account_id', '=', accountId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }

  findPayment(accountId: string, id: string) {
    return this.payments().where('p.account_id', '=', accountId).where('p.id', '=', id).executeTakeFirst();
  }

  paymentsOf(accountId: string, studentId: string) {
    return this.payments()
      .where('p.account_id', '=', accountId)
      .where('p.student_id', '=', studentId)
      .orderBy('p.received_at', 'desc')
      .orderBy('p.receipt_no', 'desc')
      .execute();
  }

  /** The allocations of these payments, with the charge labels. */
  allocationsOf(paymentIds: readonly string[]) {
    if (paymentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('payment_allocations as a')
      .leftJoin('fee_charges as c', 'c.id', 'a.charge_id')
      .select(['a.payment_id', 'a.classroom_id', 'a.month', 'a.charge_id', 'a.amount', 'c.label'])
      .where('a.payment_id', 'in', paymentIds)
      .orderBy('a.id')
      .execute();
  }

  /** Refunds of a payment that stand. */
  standingRefundsOf(paymentId: string) {
    return this.db
      .selectFrom('payments')
      .select('id')
      .where('refund_of', '=', paymentId)
      .where('voided_at', 'is', null)
      .execute();
  }

  /** Voids payments still standing; returns how many it voided. */
  async voidPayments(ids: readonly string[], userId: string, reason: string, now: number): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('payments')
      .set({ voided_at: now, voided_by_user_id: userId, void_reason: reason })
      .where('id', 'in', ids)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
