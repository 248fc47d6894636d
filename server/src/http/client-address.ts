import { isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under. One IPv6 subscriber is usually handed a whole /64 (2^64
 * addresses), so counting each address would give them a fresh counter per request: an IPv6 client counts by its
 * /64. An IPv4 address in IPv6 form (`::ffff:192.0.2.1`, as a dual-stack socket reports it) counts as that IPv4.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0]!; // a zone id (`fe80::1%eth0`) names a local interface, not a client
  if (!isIPv6(address)) return ip;
  const groups = expandIPv6(address);
  const isMappedIPv4 = groups[5] === 'ffff' && groups.slice(0, 5).every((group) => group === '0');
  if (isMappedIPv4) {
    const [high, low] = groups.slice(6).map((group) => parseInt(group, 16)) as [number, number];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, lower-case without leading zeros; a dotted IPv4 tail becomes two groups. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** A @fastify/rate-limit key generator counting per client address (or IPv6 /64). */
export const keyByClientAddress = (req: { ip: string }) => clientAddressKey(req.ip);

/**
 * TRUST_PROXY (config.ts) as Fastify's `trustProxy`. Fastify reads a bare number as "trust nothing", so a hop count
 * becomes a function trusting the connection's peer and the entries it and the proxies before it appended, counted
 * from the right: with 1, the client is the right-most X-Forwarded-For address, the one nginx wrote.
 */
export function trustProxyOption(setting: false | number | string[]): boolean | string[] | TrustProxyFunction {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

type TrustProxyFunction = (address: string, hop: number) => boolean;
