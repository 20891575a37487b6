import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AiRequestsTable } from '../../db/schema-ai';
import { newId } from '../../lib/ids';

/** The only SQL of the AI tools: credits, their ledger and the requests made (db/schema-ai.ts). */
export class AiRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async balance(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('ai_credit_balances')
      .select('balance')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.balance ?? 0;
  }

  /**
   * Adds the month's allowance once (the ledger's unique month per account decides, so two
   * requests at once grant it once). In the caller's transaction.
   */
  async grantMonth(accountId: string, month: string, credits: number, now: number): Promise<void> {
    const granted = await this.db
      .insertInto('ai_credit_ledger')
      .values({
        id: newId(now),
        account_id: accountId,
        delta: credits,
        balance_after: 0,
        reason: 'allowance',
        request_id: null,
        month,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!granted) return;
    const row = await this.db
      .insertInto('ai_credit_balances')
      .values({ account_id: accountId, balance: credits, updated_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          balance: eb('ai_credit_balances.balance', '+', credits),
          updated_at: now,
        })),
      )
      .returning('balance')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('ai_credit_ledger')
      .set({ balance_after: row.balance })
      .where('id', '=', granted.id)
      .execute();
  }

  /**
   * Debits a charged request, guarded in SQL so two requests at once cannot both spend the last
   * credit: false (nothing changed) when the balance does not hold it. In the caller's transaction.
   */
  async charge(accountId: string, credits: number, requestId: string, now: number): Promise<boolean> {
    const row = await this.db
      .updateTable('ai_credit_balances')
      .set((eb) => ({ balance: eb('balance', '-', credits), updated_at: now }))
      .where('account_id', '=', accountId)
      .where('balance', '>=', credits)
      .returning('balance')
      .executeTakeFirst();
    if (!row) return false;
    await this.db
      .insertInto('ai_credit_ledger')
      .values({
        id: newId(now),
        account_id: accountId,
        delta: -credits,
        balance_after: row.balance,
        reason: 'request',
        request_id: requestId,
        month: null,
        created_at: now,
      })
      .execute();
    return true;
  }

  async recordRequest(row: Insertable<AiRequestsTable>): Promise<void> {
    await this.db.insertInto('ai_requests').values(row).execute();
  }

  /** Takes back a request recorded as charged whose charge found no credits left. */
  async forgetRequest(requestId: string): Promise<void> {
    await this.db.deleteFrom('ai_requests').where('id', '=', requestId).execute();
  }
}
