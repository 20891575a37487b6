import type { Limit } from '../rate-limit/rate-limit.service';

const DAY = 24 * 3_600_000;

/**
 * Invitations send e-mail and SMS to any address or number the inviter types; an account may
 * send only so many a day, so it cannot be made into a spam cannon (phone invitations also cost
 * the account's SMS quota, like any SMS it sends).
 */
export const TEAMS_LIMITS = {
  invitationsPerAccount: { name: 'invite:account', max: 30, windowMs: DAY },
} as const satisfies Record<string, Limit>;
