import { REFERRAL_REWARD_SMS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { adminManages, newStaffClient, smsQuotaOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('referrals [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function referred() {
    const referrer = await signUp(ctx.app, ctx.deps);
    const summary = (await referrer.client.get(`/api/accounts/${referrer.accountId}/referrals`)).json();
    const newcomer = await signUp(ctx.app, ctx.deps, { referralId: summary.code });
    return { referrer, newcomer, summary };
  }

  const ledger = (accountId: string) =>
    ctx.deps.db.kysely
      .selectFrom('sms_ledger')
      .select(['delta', 'reason', 'note'])
      .where('account_id', '=', accountId)
      .where('reason', '=', 'referral')
      .execute();

  it('shows the code and link, and counts the sign-up made with it', async () => {
    const { referrer, summary } = await referred();
    expect(summary.link).toMatch(new RegExp(`/signup\\?ref=${summary.code}$`));
    expect(summary).toMatchObject({ signedUp: 0, rewarded: 0, rewardSms: 0 });
    expect(summary.rewardPerReferralSms).toBe(REFERRAL_REWARD_SMS);
    const after = (await referrer.client.get(`/api/accounts/${referrer.accountId}/referrals`)).json();
    expect(after.signedUp).toBe(1);
  });

  it('rewards the referrer once, with a ledger row that says why, even when called twice at once', async () => {
    const { referrer, newcomer } = await referred();
    const before = await smsQuotaOf(ctx.deps, referrer.accountId);
    await Promise.all([
      ctx.deps.referrals.rewardFirstPayment(newcomer.accountId),
      ctx.deps.referrals.rewardFirstPayment(newcomer.accountId),
    ]);
    await ctx.deps.referrals.rewardFirstPayment(newcomer.accountId);
    expect(await smsQuotaOf(ctx.deps, referrer.accountId)).toBe(before + REFERRAL_REWARD_SMS);
    const rows = await ledger(referrer.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: REFERRAL_REWARD_SMS, reason: 'referral' });
    expect(rows[0]!.note).toContain(newcomer.input.institution);
    const summary = (await referrer.client.get(`/api/accounts/${referrer.accountId}/referrals`)).json();
    expect(summary).toMatchObject({ signedUp: 1, rewarded: 1, rewardSms: REFERRAL_REWARD_SMS });
    // The referred account itself gets nothing.
    expect(await ledger(newcomer.accountId)).toEqual([]);
  });

  it("pays the reward of the referrer's plan, as staff set it, and nothing without a referrer", async () => {
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const { plans } = (await staff.client.get('/api/plans')).json();
    const { id: _id, updatedAt: _u, ...lite } = plans[0];
    expect(
      (await staff.client.put('/api/staff/plans/lite', { ...lite, referralRewardSms: 250 })).statusCode,
    ).toBe(200);
    try {
      const { referrer, newcomer } = await referred();
      await ctx.deps.referrals.rewardFirstPayment(newcomer.accountId);
      expect((await ledger(referrer.accountId)).map((r) => r.delta)).toEqual([250]);
      const loner = await signUp(ctx.app, ctx.deps);
      const quota = await smsQuotaOf(ctx.deps, loner.accountId);
      await ctx.deps.referrals.rewardFirstPayment(loner.accountId);
      expect(await smsQuotaOf(ctx.deps, loner.accountId)).toBe(quota);
    } finally {
      await staff.client.put('/api/staff/plans/lite', lite);
    }
  });

  it("does not reward an admin for a teacher of the admin's own team", async () => {
    const { referrer, newcomer } = await referred();
    await adminManages(ctx.deps, referrer.accountId, newcomer.accountId);
    await ctx.deps.referrals.rewardFirstPayment(newcomer.accountId);
    expect(await ledger(referrer.accountId)).toEqual([]);
    const summary = (await referrer.client.get(`/api/accounts/${referrer.accountId}/referrals`)).json();
    expect(summary.signedUp).toBe(0);
  });

  it('is not shown to another institution', async () => {
    const { referrer } = await referred();
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.get(`/api/accounts/${referrer.accountId}/referrals`)).statusCode).toBe(404);
  });
});
