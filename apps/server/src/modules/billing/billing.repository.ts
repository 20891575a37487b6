import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlanLedgerTable, PlatformPurchasesTable } from '../../db/schema-billing';
import type { OnlinePaymentStatusColumn } from '../../db/schema-online-pay';

export type Purchase = Selectable<PlatformPurchasesTable>;

const SETTINGS_ID = 'platform';

/** The only SQL of billing: platform purchases, the plan ledger, billing settings, account plans. */
export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertPurchase(row: Insertable<PlatformPurchasesTable>): Promise<void> {
    await this.db.insertInto('platform_purchases').values(row).execute();
  }

  purchaseByTran(tranId: string): Promise<Purchase | undefined> {
    return this.db
      .selectFrom('platform_purchases')
      .selectAll()
      .where('tran_id', '=', tranId)
      .executeTakeFirst();
  }

  purchaseByGatewayPayment(
    gateway: 'bkash' | 'sslcommerz',
    paymentId: string,
  ): Promise<Purchase | undefined> {
    return this.db
      .selectFrom('platform_purchases')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('gateway_payment_id', '=', paymentId)
      .executeTakeFirst();
  }

  purchasesOf(accountId: string, limit: number): Promise<Purchase[]> {
    return this.db
      .selectFrom('platform_purchases')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Moves a purchase from one of `from` with `patch`; false when it was not in one of them. */
  async transition(
    id: string,
    from: readonly OnlinePaymentStatusColumn[],
    patch: Updateable<PlatformPurchasesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('platform_purchases')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Claims the one bKash execute of a purchase; false when it was claimed before. */
  async claimExecute(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('platform_purchases')
      .set({ execute_claimed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('execute_claimed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async releaseExecute(id: string): Promise<void> {
    await this.db
      .updateTable('platform_purchases')
      .set({ execute_claimed_at: null })
      .where('id', '=', id)
      .execute();
  }

  account(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'accounts.id',
        'accounts.plan_id',
        'accounts.plan_ends_at',
        'accounts.plan_discount_percent',
        'accounts.plan_reminded_for',
        'accounts.institution',
        'users.name as owner_name',
        'users.email as owner_email',
        'users.phone as owner_phone',
      ])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
  }

  async setPlan(accountId: string, planId: string, endsAt: number | null): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ plan_id: planId, plan_ends_at: endsAt, plan_reminded_for: null })
      .where('id', '=', accountId)
      .execute();
  }

  async setDiscount(accountId: string, percent: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ plan_discount_percent: percent })
      .where('id', '=', accountId)
      .execute();
  }

  /** Students a plan is billed for: those not in the archive. */
  async studentCount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertLedger(row: Insertable<PlanLedgerTable>): Promise<void> {
    await this.db.insertInto('plan_ledger').values(row).execute();
  }

  ledger(accountId: string, limit: number) {
    return this.db
      .selectFrom('plan_ledger')
      .leftJoin('users', 'users.id', 'plan_ledger.actor_user_id')
      .selectAll('plan_ledger')
      .select('users.name as actor_name')
      .where('plan_ledger.account_id', '=', accountId)
      .orderBy('plan_ledger.created_at', 'desc')
      .orderBy('plan_ledger.id', 'desc')
      .limit(limit)
      .execute();
  }

  settings() {
    return this.db
      .selectFrom('billing_settings')
      .selectAll()
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
  }

  async saveSettings(settings: string, now: number, by: string): Promise<void> {
    await this.db
      .insertInto('billing_settings')
      .values({ id: SETTINGS_ID, settings, updated_at: now, updated_by: by })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings, updated_at: now, updated_by: by }))
      .execute();
  }

  /** Paid plans ending in (from, to] whose reminder for that end date has not gone out. */
  endingBetween(from: number, to: number) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'plan_ends_at'])
      .where('plan_ends_at', '>', from)
      .where('plan_ends_at', '<=', to)
      .where((eb) =>
        eb.or([eb('plan_reminded_for', 'is', null), eb('plan_reminded_for', '!=', eb.ref('plan_ends_at'))]),
      )
      .execute();
  }

  /** Claims the reminder of an account's end date; false when another run sent it. */
  async claimReminder(accountId: string, endsAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ plan_reminded_for: endsAt })
      .where('id', '=', accountId)
      .where('plan_ends_at', '=', endsAt)
      .where((eb) => eb.or([eb('plan_reminded_for', 'is', null), eb('plan_reminded_for', '!=', endsAt)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
