import type { ReferralSummary } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import type { PlansService } from '../plans/plans.service';
import { creditSms, publishQuota } from '../sms/sms-quota';
import { ReferralsRepository } from './referrals.repository';

export interface ReferralsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  plans: PlansService;
  /** The public address the referral link starts with. */
  appUrl: string;
}

/**
 * Referrals (spec part 2 §3 `ReferredBy`, `Referrals`; sign-up's referralID): an account's code and
 * link, who signed up with it, and the reward its plan defines, paid once per referred account
 * after that account's first platform payment.
 */
export class ReferralsService {
  private readonly repo: ReferralsRepository;

  constructor(private readonly deps: ReferralsDeps) {
    this.repo = new ReferralsRepository(deps.db.kysely);
  }

  /** The account's teacher and admins see its referrals; assistants do not. */
  async summary(principal: Principal, accountId: string): Promise<ReferralSummary> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    const account = await this.repo.account(accountId);
    if (!account) throw notFound();
    const [signedUp, rewards, plan] = await Promise.all([
      this.repo.signedUpCount(accountId),
      this.repo.rewardsOf(accountId),
      this.deps.plans.planOf(accountId),
    ]);
    return {
      code: account.referral_code,
      link: `${this.deps.appUrl.replace(/\/+$/, '')}/signup?ref=${encodeURIComponent(account.referral_code)}`,
      signedUp,
      rewarded: rewards.count,
      rewardSms: rewards.sms,
      rewardPerReferralSms: plan.referralRewardSms,
    };
  }

  /**
   * Called after an account's platform payment: the first time for an account that signed up
   * with a referral code, its referrer gets the reward of the referrer's plan, credited to the
   * referrer's SMS ledger with a row that says why. Any later call (a second payment, a replayed
   * or concurrent call) finds the reward recorded and does nothing. A teacher an admin added to
   * their team is recorded as referred by that admin, but is the admin's own organisation, not a
   * new customer: no reward.
   */
  async rewardFirstPayment(accountId: string): Promise<void> {
    const referred = await this.repo.account(accountId);
    if (!referred?.referred_by || referred.referred_by === accountId) return;
    if (await this.repo.inTeam(referred.referred_by, referred.id)) return;
    const referrer = await this.repo.account(referred.referred_by);
    if (!referrer) return;
    const sms = (await this.deps.plans.planOf(referrer.id)).referralRewardSms;
    const now = this.deps.clock.now();
    const credited = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const claimed = await new ReferralsRepository(trx).claimReward({
        referred_account_id: referred.id,
        referrer_account_id: referrer.id,
        sms,
        created_at: now,
      });
      if (!claimed || sms === 0) return false;
      await creditSms(trx, referrer.id, sms, {
        reason: 'referral',
        note: `First payment of ${referred.institution}, who signed up with your referral code`,
        now,
      });
      return true;
    });
    if (!credited) return;
    await publishQuota(this.deps.events, referrer.id);
    await this.deps.events.publish({
      channel: `account:${referrer.id}`,
      type: 'referrals.rewarded',
      stale: [{ resource: 'referrals', params: { accountId: referrer.id } }],
    });
  }
}
