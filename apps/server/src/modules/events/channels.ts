import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';

/**
 * The channels a caller may listen to. Asked when a stream opens and again while it is open
 * (live-stream.ts), so it must answer from the caller alone, not from a request.
 */
export type ChannelResolver = (principal: Principal | null) => Promise<string[]> | string[];

/** A child's own channel: their punches for the family portal's open pages (PORTAL_PUNCH_EVENT). */
export const portalChannel = (studentId: string) => `portal-student:${studentId}`;

export const publicChannels: ChannelResolver = () => ['public'];

/**
 * What a browser may listen to: public news for everyone; signed-in users also their own
 * channel and those of the institution accounts they may see, platform staff the staff channel; a family also each child's own
 * channel (`family`: the portal's guardian-of / self policy). A flagged account gets no live
 * updates at all (the spec's data-access guard).
 */
export function channelsFor(
  access: AccessPolicy,
  family: (principal: Principal) => Promise<string[]> = async () => [],
): ChannelResolver {
  return async (principal) => {
    if (!principal) return ['public'];
    if (principal.user.suspicious_at) throw failure(403, 'ACCOUNT_SUSPICIOUS');
    const scopes = await access.scopes(principal);
    return [
      'public',
      `user:${principal.user.id}`,
      ...scopes.map((s) => `account:${s.accountId}`),
      // The staff console's own events (a Firebase import's progress) for platform staff alone.
      ...(principal.user.is_staff === 1 ? ['staff'] : []),
      ...(await family(principal)),
    ];
  };
}
