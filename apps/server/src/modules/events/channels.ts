import type { Principal } from '../../lib/access';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';

/**
 * The channels a caller may listen to. Asked when a stream opens and again while it is open
 * (live-stream.ts), so it must answer from the caller alone, not from a request.
 */
export type ChannelResolver = (principal: Principal | null) => Promise<string[]> | string[];

export const publicChannels: ChannelResolver = () => ['public'];

/**
 * What a browser may listen to: public news for everyone; signed-in users also their own
 * channel and those of the institution accounts they may see. A flagged account gets no live
 * updates at all (the spec's data-access guard).
 */
export function channelsFor(access: AccessPolicy): ChannelResolver {
  return async (principal) => {
    if (!principal) return ['public'];
    if (principal.user.suspicious_at) throw failure(403, 'ACCOUNT_SUSPICIOUS');
    const scopes = await access.scopes(principal);
    return ['public', `user:${principal.user.id}`, ...scopes.map((s) => `account:${s.accountId}`)];
  };
}
