import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  MerchantSettingsTable,
  OnlinePaymentStatusColumn,
  OnlinePaymentsTable,
} from '../../db/schema-online-pay';

/** The only file of online payment that touches SQL. */
export class OnlinePayRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ── pay links ──

  payLinkOf(studentId: string) {
    return this.db
      .selectFrom('student_pay_links')
      .selectAll()
      .where('student_id', '=', studentId)
      .executeTakeFirst();
  }

  payLinkByKey(key: string) {
    return this.db
      .selectFrom('student_pay_links')
      .select(['student_id', 'pay_key'])
      .where('pay_key', '=', key)
      .executeTakeFirst();
  }

  payLinksOf(accountId: string, studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('student_pay_links')
      .select(['student_id', 'pay_key'])
      .where('account_id', '=', accountId)
      .where('student_id', 'in', studentIds)
      .execute();
  }

  async insertPayLink(row: {
    student_id: string;
    account_id: string;
    pay_key: string;
    created_at: number;
    created_by_user_id: string | null;
  }): Promise<void> {
    // Two staff opening the link at once: the first one's key stands.
    await this.db
      .insertInto('student_pay_links')
      .values(row)
      .onConflict((oc) => oc.column('student_id').doNothing())
      .execute();
  }

  async replacePayLinkKey(studentId: string, key: string, now: number, by: string | null): Promise<void> {
    await this.db
      .updateTable('student_pay_links')
      .set({ pay_key: key, created_at: now, created_by_user_id: by })
      .where('student_id', '=', studentId)
      .execute();
  }

  async deletePayLink(studentId: string): Promise<void> {
    await this.db.deleteFrom('student_pay_links').where('student_id', '=', studentId).execute();
  }

  /** The student and account behind a pay link, when the key and the student id match. */
  payLinkTarget(key: string, studentId: string) {
    return this.db
      .selectFrom('student_pay_links as l')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .select(PAY_TARGET_COLUMNS)
      .where('l.pay_key', '=', key)
      .where('l.student_id', '=', studentId)
      .where('s.account_id', '=', (eb) => eb.ref('l.account_id'))
      .executeTakeFirst();
  }

  /** The same as a pay link's target, for a student the family portal has already checked. */
  studentTarget(accountId: string, studentId: string) {
    return this.db
      .selectFrom('students as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(PAY_TARGET_COLUMNS)
      .where('s.id', '=', studentId)
      .where('s.account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The account's online payment switch and merchant settings, for the family portal. */
  onlinePaySetup(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('accounts as a')
      .leftJoin('merchant_settings as m', 'm.account_id', 'a.id')
      .selectAll('m')
      .select(['a.id as account', 'a.online_payment'])
      .where('a.id', 'in', accountIds)
      .execute();
  }

  // ── merchant settings ──

  merchantSettings(accountId: string) {
    return this.db
      .selectFrom('merchant_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async saveMerchantSettings(row: Insertable<MerchantSettingsTable>): Promise<void> {
    const { account_id: _a, ...rest } = row;
    await this.db
      .insertInto('merchant_settings')
      .values(row)
      .onConflict((oc) => oc.column('account_id').doUpdateSet(rest))
      .execute();
  }

  async setOnlinePayment(accountId: string, on: boolean, now: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ online_payment: on ? 'On' : 'Off', updated_at: now })
      .where('id', '=', accountId)
      .execute();
  }

  onlinePaymentSwitch(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select('online_payment')
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  // ── attempts ──

  async insertAttempt(row: Insertable<OnlinePaymentsTable>): Promise<void> {
    await this.db.insertInto('online_payments').values(row).execute();
  }

  attemptByTran(tranId: string) {
    return this.db.selectFrom('online_payments').selectAll().where('tran_id', '=', tranId).executeTakeFirst();
  }

  attemptByGatewayPayment(gateway: 'sslcommerz' | 'bkash', gatewayPaymentId: string) {
    return this.db
      .selectFrom('online_payments')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('gateway_payment_id', '=', gatewayPaymentId)
      .executeTakeFirst();
  }

  attempt(accountId: string, id: string) {
    return this.db
      .selectFrom('online_payments')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Moves an attempt on only from the states given: the guard that makes every transition happen
   * once however many reports race for it. Answers whether this call moved it.
   */
  async transition(
    id: string,
    from: readonly OnlinePaymentStatusColumn[],
    patch: Updateable<OnlinePaymentsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('online_payments')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Claims the one bKash execute of an attempt; false when it was claimed before. */
  async claimExecute(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('online_payments')
      .set({ execute_claimed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('execute_claimed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives the execute back: bKash answered it clearly without executing (not yet approved, refused). */
  async releaseExecute(id: string): Promise<void> {
    await this.db
      .updateTable('online_payments')
      .set({ execute_claimed_at: null })
      .where('id', '=', id)
      .execute();
  }

  listAttempts(accountId: string, status: OnlinePaymentStatusColumn | undefined, limit: number) {
    let q = this.db
      .selectFrom('online_payments as o')
      .innerJoin('students as s', 's.id', 'o.student_id')
      .selectAll('o')
      .select('s.name as student_name')
      .where('o.account_id', '=', accountId);
    if (status) q = q.where('o.status', '=', status);
    return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
  }

  /** An attempt with what its result page shows: whose, the receipt once paid, the pay link. */
  attemptForPage(tranId: string) {
    return this.db
      .selectFrom('online_payments as o')
      .innerJoin('students as s', 's.id', 'o.student_id')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .leftJoin('payments as p', 'p.id', 'o.payment_id')
      .leftJoin('student_pay_links as l', 'l.student_id', 'o.student_id')
      .selectAll('o')
      .select([
        's.name as student_name',
        'a.institution',
        'p.receipt_no',
        'p.receipt_key',
        'p.received_at as paid_at',
        'l.pay_key',
      ])
      .where('o.tran_id', '=', tranId)
      .executeTakeFirst();
  }

  /** Attempts still open past their window, oldest first (the sweep expires them). */
  overdue(now: number, limit: number) {
    return this.db
      .selectFrom('online_payments')
      .selectAll()
      .where('status', 'in', ['created', 'redirected'])
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /** What the refunds that stand have given back from a payment (a positive sum). */
  async refundedFrom(paymentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('refund_of', '=', paymentId)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return -Number(row?.total ?? 0);
  }

  studentContact(studentId: string) {
    return this.db
      .selectFrom('students')
      .select(['name', 'phone'])
      .where('id', '=', studentId)
      .executeTakeFirst();
  }

  /**
   * Paid attempts received in [fromMs, toMs), summed per account and gateway, with what refunds
   * that stand gave back of them and the fees the gateway reported (null fees counted apart).
   */
  balances(fromMs: number, toMs: number) {
    return this.db
      .selectFrom('online_payments as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
      .select((eb) => [
        'a.account_id',
        'acc.institution',
        'a.gateway',
        eb.fn.countAll<number | string>().as('payments'),
        eb.fn.sum<number | string>('a.amount').as('collected'),
        eb.fn.sum<number | string>(eb.fn.coalesce('a.gateway_fee', eb.lit(0))).as('fee'),
        eb.fn
          .sum<number | string>(eb.case().when('a.gateway_fee', 'is', null).then(1).else(0).end())
          .as('fee_unreported'),
        eb.fn.max<number | string>('p.received_at').as('last_paid_at'),
        eb.fn
          .sum<number | string>(
            eb.fn.coalesce(
              eb
                .selectFrom('payments as r')
                .select((r) => r.fn.sum<number>(r.neg('r.amount')).as('given'))
                .whereRef('r.refund_of', '=', 'a.payment_id')
                .where('r.voided_at', 'is', null),
              eb.lit(0),
            ),
          )
          .as('refunded'),
      ])
      .where('a.status', '=', 'paid')
      .where('p.received_at', '>=', fromMs)
      .where('p.received_at', '<', toMs)
      .groupBy(['a.account_id', 'acc.institution', 'a.gateway'])
      .orderBy('collected', 'desc')
      .execute();
  }
}

const PAY_TARGET_COLUMNS = [
  's.id',
  's.name',
  's.custom_id',
  's.phone',
  's.account_id',
  'a.institution',
  'a.logo_key',
  'a.online_payment',
] as const;
