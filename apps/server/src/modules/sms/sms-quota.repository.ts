import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsLedgerTable } from '../../db/schema-sms';
import { newId } from '../../lib/ids';

export interface QuotaAccount {
  id: string;
  sms_quota: number;
  sms_rate_paisa: number;
  sms_shared_from: string | null;
}

export type LedgerEntry = Omit<Insertable<SmsLedgerTable>, 'id' | 'balance_after'>;

/** The SMS quota of accounts and its ledger (db/schema-sms.ts). */
export class SmsQuotaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  account(id: string): Promise<QuotaAccount | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'sms_quota', 'sms_rate_paisa', 'sms_shared_from'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Changes the account's quota by `delta` and writes the ledger row, in the caller's
   * transaction. A debit is guarded in SQL, so two sends at once cannot both spend the last SMS:
   * undefined (nothing changed) when the quota does not hold it. Returns the balance after.
   */
  async apply(entry: LedgerEntry): Promise<number | undefined> {
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ sms_quota: eb('sms_quota', '+', entry.delta) }))
      .where('id', '=', entry.account_id)
      .$if(entry.delta < 0, (q) => q.where('sms_quota', '>=', -entry.delta))
      .returning('sms_quota')
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db
      .insertInto('sms_ledger')
      .values({ ...entry, id: newId(entry.created_at), balance_after: row.sms_quota })
      .execute();
    return row.sms_quota;
  }

  /** The newest ledger rows of an account, newest first. */
  ledger(accountId: string, limit: number) {
    return this.db
      .selectFrom('sms_ledger')
      .leftJoin('users', 'users.id', 'sms_ledger.actor_user_id')
      .selectAll('sms_ledger')
      .select('users.name as actor_name')
      .where('sms_ledger.account_id', '=', accountId)
      .orderBy('sms_ledger.created_at', 'desc')
      .orderBy('sms_ledger.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The ledger's spending rows (sends, refunds, links, invitations) of an account since `since`. */
  spendingSince(accountId: string, since: number) {
    return this.db
      .selectFrom('sms_ledger')
      .select(['created_at', 'delta'])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .where('reason', 'in', ['send', 'refund', 'link', 'invitation'])
      .execute();
  }
}
