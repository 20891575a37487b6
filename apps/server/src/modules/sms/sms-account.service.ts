import {
  addDays,
  addMonths,
  dayOf,
  dayStartMs,
  daysFrom,
  monthOf,
  monthsFrom,
  type SmsQuota,
  type SmsToppedUp,
  type SmsTopUp,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { AccountsRepository } from '../accounts/accounts.repository';
import { logActivity } from '../activity/activity';
import { UsersRepository } from '../auth/users.repository';
import type { EventBus } from '../events/event-bus';
import { publishQuota } from './sms-quota';
import { SmsQuotaRepository } from './sms-quota.repository';

export interface SmsAccountDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

const LEDGER_ROWS = 100;

/**
 * An account's SMS quota (the SMS capability's "Quota, rates and sharing"): the balance its owners see with
 * the ledger behind it and its use by day and month; platform staff top it up. The balance only
 * moves with a ledger row (SmsQuotaRepository.apply), so the two always agree.
 */
export class SmsAccountService {
  constructor(private readonly deps: SmsAccountDeps) {}

  async quota(principal: Principal, accountId: string): Promise<SmsQuota> {
    await this.deps.access.requireAccount(principal, accountId);
    const quotas = new SmsQuotaRepository(this.deps.db.kysely);
    const account = await quotas.account(accountId);
    if (!account) throw notFound();
    const shared = account.sms_shared_from
      ? await new AccountsRepository(this.deps.db.kysely).findById(account.sms_shared_from)
      : undefined;
    const now = this.deps.clock.now();
    // Use by day over the last 30 Bangladesh days and by month over the last 12 months.
    const today = dayOf(now);
    const days = daysFrom(addDays(today, -29), today);
    const months = monthsFrom(addMonths(monthOf(now), -11), monthOf(now));
    const spent = await quotas.spendingSince(accountId, dayStartMs(`${months[0]}-01`));
    const byDay = new Map<string, number>();
    for (const row of spent) {
      const day = dayOf(Number(row.created_at));
      byDay.set(day, (byDay.get(day) ?? 0) - row.delta);
    }
    const monthTotal = (month: string) =>
      [...byDay].filter(([day]) => day.startsWith(month)).reduce((sum, [, parts]) => sum + parts, 0);
    const ledger = await quotas.ledger(accountId, LEDGER_ROWS);
    return {
      balance: account.sms_quota,
      ratePaisa: account.sms_rate_paisa,
      sharedFrom: shared ? { institution: shared.institution, balance: shared.sms_quota } : null,
      ledger: ledger.map((row) => ({
        id: row.id,
        delta: row.delta,
        balanceAfter: row.balance_after,
        reason: row.reason,
        actorName: row.actor_name,
        note: row.note,
        createdAt: Number(row.created_at),
      })),
      usage: {
        byDay: days.map((day) => ({ day, parts: byDay.get(day) ?? 0 })),
        byMonth: months.map((month) => ({ month, parts: monthTotal(month) })),
      },
    };
  }

  /**
   * Platform staff add SMS (or take some back) to the account of the owner named by e-mail or
   * user id, with the reason in the ledger.
   */
  async topUp(principal: Principal, input: SmsTopUp): Promise<SmsToppedUp> {
    const users = new UsersRepository(this.deps.db.kysely);
    const owner = input.owner.includes('@')
      ? await users.findByEmail(input.owner)
      : await users.findById(input.owner);
    const account = owner && (await new AccountsRepository(this.deps.db.kysely).findByOwner(owner.id));
    if (!account) throw notFound();
    const now = this.deps.clock.now();
    const balance = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const after = await new SmsQuotaRepository(trx).apply({
        account_id: account.id,
        delta: input.count,
        reason: input.count > 0 ? 'top-up' : 'correction',
        send_id: null,
        actor_user_id: principal.user.id,
        note: input.note,
        created_at: now,
      });
      // A correction larger than the balance would make it negative: nothing is changed.
      if (after === undefined) {
        throw failure(409, 'SMS_QUOTA_NOT_ENOUGH', { needed: -input.count, current: account.sms_quota });
      }
      // The account's own log too, where its owner sees who added SMS and why.
      await logActivity(
        trx,
        principal,
        {
          accountId: account.id,
          eventName: 'Staff SMS Top-up',
          message: { key: 'staffSmsAdded', params: { count: input.count, reason: input.note } },
        },
        now,
      );
      return after;
    });
    await publishQuota(this.deps.events, account.id);
    return { institution: account.institution, balance };
  }
}
