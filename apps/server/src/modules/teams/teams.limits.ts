import type { Limit } from '../rate-limit/rate-limit.service';

const DAY = 24 * 3_600_000;

/**
 * Invitations send e-mail and SMS to any address or number the inviter types; an account may
 * send only so many a day, so it cannot be made into a spam cannon (phone invitations also cost
 * the account's SMS quota, like any SMS it sends).
 */
export const TEAMS_LIMITS = {
  invitationsPerAccount: { name: 'invite:account', max: 30, windowMs: DAY },
  /**
   * Invitation SMS per inviting person (whatever their accounts) and per number invited (whoever
   * invites): a number cannot be texted again and again by one teacher or by many. The catalogue's
   * INVITATION_SMS_TOO_MANY names the first number.
   */
  invitationSmsPerInviter: { name: 'invite-sms:inviter', max: 10, windowMs: DAY },
  invitationSmsPerPhone: { name: 'invite-sms:phone', max: 3, windowMs: DAY },
} as const satisfies Record<string, Limit>;
