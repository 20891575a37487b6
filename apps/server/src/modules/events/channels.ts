import type { FastifyRequest } from 'fastify';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { ChannelResolver } from './events.routes';

/**
 * What a browser may listen to: public news for everyone; signed-in users also their own
 * channel and those of the institution accounts they may see. A flagged account gets no live
 * updates at all (the spec's data-access guard).
 */
export function channelsFor(access: AccessPolicy): ChannelResolver {
  return async (request: FastifyRequest) => {
    const principal = request.principal;
    if (!principal) return ['public'];
    if (principal.user.suspicious_at) throw failure(403, 'ACCOUNT_SUSPICIOUS');
    const scopes = await access.scopes(principal);
    return ['public', `user:${principal.user.id}`, ...scopes.map((s) => `account:${s.accountId}`)];
  };
}
