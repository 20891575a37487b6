// Referral rewards and SMS masking names (migration 0038), apart from schema.ts so it stays short.

/**
 * The one reward of a referred account's first platform payment: its primary key is the referred
 * account, so a second (or concurrent) reward of the same account is not written, and neither is
 * its ledger credit, which goes in the same transaction.
 */
export interface ReferralRewardsTable {
  referred_account_id: string;
  referrer_account_id: string;
  /** SMS credited to the referrer (the referrer's plan's reward at the time; may be 0). */
  sms: number;
  created_at: number;
}

/** An account's masking name request and the platform staff's decision on it. */
export interface SmsSenderNamesTable {
  account_id: string;
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  requested_by: string;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface ReferralTables {
  referral_rewards: ReferralRewardsTable;
  sms_sender_names: SmsSenderNamesTable;
}
