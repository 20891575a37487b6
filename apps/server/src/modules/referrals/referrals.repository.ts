import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The only SQL of referrals: who referred whom (accounts.referred_by) and the rewards paid. */
export class ReferralsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  account(id: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'institution', 'referral_code', 'referred_by'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Accounts that signed up with the referrer's code: not the teachers an admin added to their team. */
  async signedUpCount(referrerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('referred_by', '=', referrerId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('admin_teachers')
              .select('teacher_account_id')
              .whereRef('admin_teachers.teacher_account_id', '=', 'accounts.id')
              .where('admin_teachers.admin_account_id', '=', referrerId),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the teacher's account sits in the admin's team (the admin added it). */
  async inTeam(adminAccountId: string, teacherAccountId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('admin_teachers')
      .select('teacher_account_id')
      .where('admin_account_id', '=', adminAccountId)
      .where('teacher_account_id', '=', teacherAccountId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rewardsOf(referrerId: string): Promise<{ count: number; sms: number }> {
    const row = await this.db
      .selectFrom('referral_rewards')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string>('sms'), eb.lit(0)).as('sms'),
      ])
      .where('referrer_account_id', '=', referrerId)
      .where('sms', '>', 0)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), sms: Number(row.sms) };
  }

  /**
   * Records the reward of a referred account, once: false when it is already recorded. On
   * PostgreSQL a concurrent insert of the same account waits for the first to commit and then
   * inserts nothing, so only one transaction goes on to credit the referrer.
   */
  async claimReward(reward: {
    referred_account_id: string;
    referrer_account_id: string;
    sms: number;
    created_at: number;
  }): Promise<boolean> {
    const row = await this.db
      .insertInto('referral_rewards')
      .values(reward)
      .onConflict((oc) => oc.column('referred_account_id').doNothing())
      .returning('referred_account_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
