import { individualSmsCount, type StaleResource } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsLedgerTable } from '../../db/schema-sms';
import { failure } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import { type QuotaAccount, SmsQuotaRepository } from './sms-quota.repository';

export interface SmsPayer {
  accountId: string;
  quota: number;
  ratePaisa: number;
  /** The quota is another account's (SMS-Shared-From). */
  shared: boolean;
}

/**
 * The account `needed` SMS are paid from (part 1 §4: the quota "may fall back to a shared SMS
 * account that has enough quota"): the account's own quota when it holds them, else the shared
 * account's when that one does; else the own account, which the caller then finds short. With
 * `needed` 1 it is the quota the account can spend from now (the app shell shows it).
 */
export async function smsPayer(
  repo: SmsQuotaRepository,
  account: QuotaAccount,
  needed = 1,
): Promise<SmsPayer> {
  const own: SmsPayer = {
    accountId: account.id,
    quota: account.sms_quota,
    ratePaisa: account.sms_rate_paisa,
    shared: false,
  };
  if (account.sms_quota >= needed || !account.sms_shared_from) return own;
  const shared = await repo.account(account.sms_shared_from);
  if (!shared || shared.sms_quota < needed) return own;
  return { accountId: shared.id, quota: shared.sms_quota, ratePaisa: shared.sms_rate_paisa, shared: true };
}

export interface SmsSpend {
  reason: Extract<SmsLedgerTable['reason'], 'send' | 'link' | 'invitation'>;
  actorUserId: string;
  sendId?: string;
  note?: string;
  now: number;
}

/**
 * Takes `count` SMS from the account's payer, in the caller's transaction so the SMS is queued
 * only if it is paid for, and writes the ledger row; refuses with the spec's message (needed,
 * current) when neither the account nor its share holds them. Returns the payer and its quota
 * after the debit.
 */
export async function spendSms(
  trx: Kysely<Database>,
  accountId: string,
  count: number,
  spend: SmsSpend,
): Promise<{ payer: SmsPayer; quotaAfter: number }> {
  const repo = new SmsQuotaRepository(trx);
  const account = await repo.account(accountId);
  if (!account) throw new Error(`no account ${accountId} to pay SMS from`);
  const payer = await smsPayer(repo, account, count);
  const quotaAfter =
    payer.quota >= count
      ? await repo.apply({
          account_id: payer.accountId,
          delta: -count,
          reason: spend.reason,
          send_id: spend.sendId ?? null,
          actor_user_id: spend.actorUserId,
          note: spend.note ?? null,
          created_at: spend.now,
        })
      : undefined;
  if (quotaAfter === undefined) {
    throw failure(409, 'SMS_QUOTA_NOT_ENOUGH', { needed: count, current: payer.quota });
  }
  return { payer, quotaAfter };
}

/**
 * One individual message (a texted link or invitation) costs 2 SMS (part 1 §9), paid in the
 * caller's transaction; returns the account that paid.
 */
export async function payIndividualSms(
  trx: Kysely<Database>,
  accountId: string,
  spend: Omit<SmsSpend, 'sendId' | 'note'>,
): Promise<string> {
  return (await spendSms(trx, accountId, individualSmsCount(1), spend)).payer.accountId;
}

/**
 * Tells the payer's screens that its quota changed (the app shell shows it; the quota page), and
 * whatever else the spending made stale there.
 */
export async function publishQuota(
  events: EventBus,
  accountId: string,
  also: readonly StaleResource[] = [],
): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'sms.quota',
    stale: [{ resource: 'session' }, { resource: 'sms-quota', params: { accountId } }, ...also],
  });
}

/**
 * Adds `count` SMS to the account's own quota with a ledger row saying why, in the caller's
 * transaction, so the credit is written exactly when what earned it is (a pack bought online in
 * the transaction that settles its payment; a referral reward with the claim that pays it once).
 * Returns the balance after.
 */
export async function creditSms(
  trx: Kysely<Database>,
  accountId: string,
  count: number,
  credit: {
    reason: Extract<SmsLedgerTable['reason'], 'purchase' | 'referral'>;
    actorUserId?: string | null;
    note: string;
    now: number;
  },
): Promise<number> {
  const after = await new SmsQuotaRepository(trx).apply({
    account_id: accountId,
    delta: count,
    reason: credit.reason,
    send_id: null,
    actor_user_id: credit.actorUserId ?? null,
    note: credit.note,
    created_at: credit.now,
  });
  if (after === undefined) throw new Error(`no account ${accountId} to credit SMS to`);
  return after;
}
