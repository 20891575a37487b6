import { DEFAULT_SMS_RATE, randomId, type SignUpRequest } from '@batchwise/domain';
import type { Insertable } from 'kysely';
import type { AccountsTable } from '../../db/schema';

/**
 * A new institution account as the spec creates it at sign-up (part 2 §7 "Account creation"):
 * TeacherType Institution, OnlinePayment Off, SMS_LMS_GATEWAY (SMS_GATEWAY for business), the
 * default SMS rate. The SMS quota starts at the sign-up grant (config SMS_SIGNUP_GRANT): the
 * spec's 1000 is what an *unknown* quota is taken to be (part 1 §9), not a gift to every new
 * account. AccountsRepository.open writes it to the ledger.
 */
export function newAccount(
  input: Pick<SignUpRequest, 'accountType' | 'businessAccount' | 'institution'>,
  ids: { accountId: string; ownerId: string; referredBy: string | null },
  now: number,
  smsGrant: number,
): Insertable<AccountsTable> {
  return {
    id: ids.accountId,
    owner_user_id: ids.ownerId,
    kind: input.accountType,
    institution: input.institution,
    app_mode: input.businessAccount ? 'SMS_GATEWAY' : 'SMS_LMS_GATEWAY',
    teacher_type: 'Institution',
    online_payment: 'Off',
    logo_key: null,
    preferences: JSON.stringify({
      type: input.businessAccount ? 'Business' : 'Default',
      currency: 'BDT',
      manageMultiBranches: false,
    }),
    sms_quota: smsGrant,
    sms_rate_paisa: Math.round(DEFAULT_SMS_RATE * 100),
    sms_shared_from: null,
    max_custom_id: 0,
    referral_code: randomId(10),
    referred_by: ids.referredBy,
    settings: JSON.stringify({}),
    created_at: now,
    updated_at: now,
  };
}
