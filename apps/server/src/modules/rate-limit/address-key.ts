import net from 'node:net';

/**
 * The key a client address is limited under. One IPv6 subscriber is routinely given a whole /64,
 * so limiting single IPv6 addresses would let anyone step around a limit by changing the low
 * bits (OWASP Credential Stuffing Prevention: throttle by network, not just address). IPv4
 * addresses, also when written IPv4-mapped, stay as they are.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
