import { AUTH_LIMITS } from '../../../apps/server/src/modules/auth/auth.limits';
import type { Api, Reply } from '../drill/api';

/** One limit sent twice its maximum through the balancer, alternating between the processes. */
export interface LimitFigure {
  limit: string;
  max: number;
  sent: number;
  /** Answers other than 429: must be `max`, not `max` per process. */
  allowed: number;
  held: boolean;
}

interface LimitProbe {
  limit: string;
  max: number;
  windowMs: number;
  /** One request; `address` is the caller the limit counts (forwarded by the balancer). */
  send(api: Api, address: string): Promise<Reply>;
}

/**
 * A route limit (the database-backed store of `config.rateLimit`, shared-store.ts) and a service
 * limit (RateLimiter.take), both per address: starting an online payment (before the body is even
 * read) and asking a password reset for one e-mail.
 */
const PROBES: LimitProbe[] = [
  {
    limit: 'route: POST /api/public/pay/start per address',
    // online-pay.routes.ts; the answers say it too (x-ratelimit-limit), and that is what counts.
    max: 20,
    windowMs: 60_000,
    send: (api, address) =>
      api.send('POST', '/api/public/pay/start', { body: {}, headers: { 'x-forwarded-for': address } }),
  },
  {
    limit: `service: ${AUTH_LIMITS.resetsPerEmailFromIp.name}`,
    max: AUTH_LIMITS.resetsPerEmailFromIp.max,
    windowMs: AUTH_LIMITS.resetsPerEmailFromIp.windowMs,
    send: (api, address) =>
      api.send('POST', '/api/auth/password/forgot', {
        body: { email: 'soak-limit@soak.batchwise.bd' },
        headers: { 'x-forwarded-for': address },
      }),
  },
];

/**
 * Sends each probe's limit twice its maximum, one request at a time so the round-robin balancer
 * alternates the processes: with the count shared, exactly `max` pass. Limits are fixed windows
 * aligned to the clock, so a probe that straddled a window's end runs again from a fresh address.
 */
export async function checkSharedLimits(api: Api, seed: number): Promise<LimitFigure[]> {
  const figures: LimitFigure[] = [];
  for (const [i, probe] of PROBES.entries()) {
    for (let attempt = 0; ; attempt++) {
      const address = `198.51.100.${(seed * 16 + i * 4 + attempt) % 250}`;
      const window = Math.floor(Date.now() / probe.windowMs);
      const replies: Reply[] = [];
      for (let n = 0; n < probe.max * 2; n++) replies.push(await probe.send(api, address));
      if (Math.floor(Date.now() / probe.windowMs) !== window && attempt < 2) continue;
      const max = Number(replies[0]!.headers.get('x-ratelimit-limit') ?? probe.max);
      const allowed = replies.filter((r) => r.status !== 429).length;
      figures.push({ limit: probe.limit, max, sent: replies.length, allowed, held: allowed === max });
      break;
    }
  }
  return figures;
}
