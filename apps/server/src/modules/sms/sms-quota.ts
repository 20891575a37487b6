import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure } from '../../lib/errors';
import { type QuotaAccount, SmsQuotaRepository } from './sms-quota.repository';

export interface SmsPayer {
  accountId: string;
  quota: number;
  ratePaisa: number;
  /** The quota is another account's (SMS-Shared-From). */
  shared: boolean;
}

/**
 * The account SMS are paid from (part 1 §7): its own quota, or the shared account's when that
 * has more.
 */
export async function smsPayer(repo: SmsQuotaRepository, account: QuotaAccount): Promise<SmsPayer> {
  if (account.sms_shared_from) {
    const shared = await repo.account(account.sms_shared_from);
    if (shared && shared.sms_quota > account.sms_quota) {
      return {
        accountId: shared.id,
        quota: shared.sms_quota,
        ratePaisa: shared.sms_rate_paisa,
        shared: true,
      };
    }
  }
  return {
    accountId: account.id,
    quota: account.sms_quota,
    ratePaisa: account.sms_rate_paisa,
    shared: false,
  };
}

/**
 * Takes `count` SMS from the account's payer, in the caller's transaction so the SMS is queued
 * only if it is paid for; refuses with the spec's message (needed, current) when the quota is
 * short. The decrement is guarded in SQL, so two sends at once cannot both spend the last SMS.
 * Returns the account that paid.
 */
export async function spendSms(trx: Kysely<Database>, accountId: string, count: number): Promise<string> {
  const repo = new SmsQuotaRepository(trx);
  const account = await repo.account(accountId);
  if (!account) throw new Error(`no account ${accountId} to pay SMS from`);
  const payer = await smsPayer(repo, account);
  if (payer.quota < count || !(await repo.take(payer.accountId, count))) {
    throw failure(409, 'SMS_QUOTA_NOT_ENOUGH', { needed: count, current: payer.quota });
  }
  return payer.accountId;
}
