import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface QuotaAccount {
  id: string;
  sms_quota: number;
  sms_rate_paisa: number;
  sms_shared_from: string | null;
}

export class SmsQuotaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  account(id: string): Promise<QuotaAccount | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'sms_quota', 'sms_rate_paisa', 'sms_shared_from'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Takes `count` SMS when the quota holds them; false (nothing taken) when it does not. */
  async take(accountId: string, count: number): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set((eb) => ({ sms_quota: eb('sms_quota', '-', count) }))
      .where('id', '=', accountId)
      .where('sms_quota', '>=', count)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
