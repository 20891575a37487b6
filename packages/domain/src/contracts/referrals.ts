import { z } from 'zod';

// Referrals (spec part 2 §3: PublicInfo `Referrals`, `ReferredBy`; sign-up's referralID): what an
// account's owners see of the accounts that signed up with its code.

export const referralSummarySchema = z.object({
  code: z.string(),
  /** The sign-up page with the code filled in (`/signup?ref=`). */
  link: z.string(),
  /** Accounts that signed up with this account's code. */
  signedUp: z.number().int(),
  /** Of those, the ones whose first platform payment rewarded this account. */
  rewarded: z.number().int(),
  /** SMS this account has earned from referrals. */
  rewardSms: z.number().int(),
  /** What the account's plan rewards a referral with today. */
  rewardPerReferralSms: z.number().int(),
});
export type ReferralSummary = z.output<typeof referralSummarySchema>;
