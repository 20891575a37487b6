import net from 'node:net';
import { z } from 'zod';

// How environment settings are read (config.ts and the settings apart from it): yes/no words,
// whole numbers in a range, URLs of given protocols, comma-separated lists and the proxies to trust.

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const int = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

export const url = (protocols: RegExp, hint: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.test(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL like ${hint}` },
  );

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

// Names proxy-addr (Fastify's trustProxy) knows for the private ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may say who the client is (X-Forwarded-For): none, or the named proxies. "Trust
 * everyone" is refused: any client could then choose its own address and walk past every
 * per-address limit. So is a hop count: it cannot tell the balancer from a client that connects
 * directly (Fastify 5 treats one as "trust nobody", which would silently undo the setting).
 */
export const trustProxy = z.string().transform((raw, ctx): false | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "must name the proxies to trust, not trust every client's X-Forwarded-For: write the load balancer's addresses, e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8,fd00::/8",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must name the proxies to trust, not count hops (a count cannot tell the load balancer from a client that connects directly): e.g. TRUST_PROXY=10.0.0.5',
    });
    return z.NEVER;
  }
  const entries = splitList(value);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false or comma-separated proxy addresses or CIDR ranges, e.g. 10.0.0.5,10.0.0.0/8${bad.length ? `; not an address: ${bad.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});
