import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard of outbound webhooks: an endpoint must be a public internet address. Refused:
 * private (RFC 1918, IPv6 unique-local), loopback, link-local (which holds the cloud metadata
 * service 169.254.169.254), CGNAT 100.64/10, multicast, and the unspecified, benchmarking,
 * documentation and reserved ranges. IPv4-mapped and NAT64 IPv6 forms are judged by the IPv4
 * address inside. Checked at registration and again when each delivery connects (DNS can change
 * between the two), through the connection's own lookup, so the address checked is the one used.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isLoopback(address: string): boolean {
  const inner = embeddedIpv4(address) ?? address;
  return net.isIPv4(inner) ? inner.startsWith('127.') : inner === '::1';
}

/** Whether an address is public: the only kind a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const inner = embeddedIpv4(address);
  if (inner) return !blocked.check(inner, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type AddressVerdict = 'ok' | 'private' | 'not-https' | 'unresolved';

/** Judges one resolved address: public, or loopback where the server allows loopback stand-ins. */
export function allowed(address: string, allowLoopback: boolean): boolean {
  return isPublicAddress(address) || (allowLoopback && isLoopback(address));
}

/**
 * Whether a webhook URL may be registered: https (http only to loopback where allowed), and every
 * address its host resolves to allowed.
 */
export async function checkWebhookUrl(url: string, allowLoopback: boolean): Promise<AddressVerdict> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return 'unresolved';
    }
  }
  if (addresses.length === 0) return 'unresolved';
  if (!addresses.every((a) => allowed(a, allowLoopback))) return 'private';
  if (parsed.protocol === 'https:') return 'ok';
  return parsed.protocol === 'http:' && allowLoopback && addresses.every(isLoopback) ? 'ok' : 'not-https';
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/**
 * A `lookup` for http(s).request that refuses a host resolving anywhere not allowed, so the check
 * and the connection use the same answer (no window for DNS rebinding).
 */
export function guardedLookup(allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowed(a.address, allowLoopback));
      if (bad || list.length === 0) {
        return callback(
          new BlockedAddressError(
            `${hostname} resolves to ${bad?.address ?? 'nothing'}, which webhooks may not reach`,
          ),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
