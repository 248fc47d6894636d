import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

// The one guard of every connection the server opens to an address a user typed (mail servers today; AI providers
// with their own address, webhooks and calendars later): the host is resolved once, refused when any of its
// addresses is not a public one, and the caller connects to the address that was checked, so DNS cannot answer
// differently at connect time. ALLOW_PRIVATE_HOSTS (or MAIL_ALLOW_PRIVATE_HOSTS) lets an operator reach their own
// networks.

/** IPv4 networks that are not the public internet: this machine, private networks, metadata, reserved. */
const privateIpv4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, …)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // the former 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking: often routed to appliances inside a network
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast 255.255.255.255
];

/**
 * IPv6 networks refused inside the global unicast range 2000::/3 (everything outside it is refused anyway:
 * unspecified, loopback, unique local, link-local, site-local, multicast). Forms that carry an IPv4 address
 * (mapped, NAT64 64:ff9b::/96, 6to4) are judged by that address instead.
 */
const privateIpv6: readonly [string, number][] = [
  ['2001::', 32], // Teredo: tunnels to an address we cannot check
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** The eight 16-bit groups of a valid IPv6 address (a zone index, "%eth0", left out). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (half: string) => (half ? half.split(':').map((group) => parseInt(group, 16)) : []);
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

const ipv6Number = (groups: number[]) => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);

function inNetwork(value: bigint, width: number, network: bigint, prefix: number): boolean {
  const shift = BigInt(width - prefix);
  return value >> shift === network >> shift;
}

const privateIpv4Networks = privateIpv4.map(([network, prefix]) => [BigInt(ipv4Number(network)), prefix] as const);
const privateIpv6Networks = privateIpv6.map(([network, prefix]) => [ipv6Number(ipv6Groups(network)), prefix] as const);
const network6 = (text: string, prefix: number) => [ipv6Number(ipv6Groups(text)), prefix] as const;
const globalUnicast = network6('2000::', 3);
const ipv4Mapped = network6('::ffff:0:0', 96);
const ipv4Translated = network6('::ffff:0:0:0', 96);
const nat64 = network6('64:ff9b::', 96);
const sixToFour = network6('2002::', 16);

const isIn = (value: bigint, [network, prefix]: readonly [bigint, number]) => inNetwork(value, 128, network, prefix);

function isPrivateIpv4(value: bigint): boolean {
  return privateIpv4Networks.some(([network, prefix]) => inNetwork(value, 32, network, prefix));
}

/** The IPv4 address an IPv6 one stands for (mapped, SIIT-translated, NAT64 well-known prefix, 6to4), if any. */
function embeddedIpv4(value: bigint): bigint | undefined {
  if (isIn(value, ipv4Mapped) || isIn(value, ipv4Translated) || isIn(value, nat64)) return value & 0xffffffffn;
  if (isIn(value, sixToFour)) return (value >> 80n) & 0xffffffffn;
  return undefined;
}

/**
 * Whether the server may not connect to this IP address unless the operator allows private hosts: anything but a
 * public unicast address, judged by the IPv4 address inside the IPv6 forms that carry one. Not an IP address: true.
 * The local-use NAT64 prefix (64:ff9b:1::/48) is refused whole: where its IPv4 address sits depends on a prefix
 * length only its network knows, and it is not routed on the internet anyway.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPrivateIpv4(BigInt(ipv4Number(address)));
  if (family !== 6) return true;
  const value = ipv6Number(ipv6Groups(address));
  const ipv4 = embeddedIpv4(value);
  if (ipv4 !== undefined) return isPrivateIpv4(ipv4);
  if (!isIn(value, globalUnicast)) return true;
  return privateIpv6Networks.some((network) => isIn(value, network));
}

/** A host that resolves (in part) to an address `isPrivateAddress` refuses, and private hosts are not allowed. */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';

  constructor(readonly host: string) {
    super(`${host} is on a private or local network address`);
  }
}

export interface OutgoingHost {
  /** The address to connect to: resolved once and checked. */
  address: string;
  /** The host name as typed, for TLS (SNI and the certificate's name); undefined when it is an IP address. */
  servername: string | undefined;
}

export interface ResolveOptions {
  /** The operator's ALLOW_PRIVATE_HOSTS: loopback, private and link-local addresses may be reached. */
  allowPrivate: boolean;
  /** How long the look-up may take in all; default 10 s. */
  timeoutMs?: number;
  /** DNS servers to ask instead of the system's (tests). */
  dnsServers?: string[];
}

export const defaultResolveTimeoutMs = 10_000;

/** What a DNS server answers for a name it knows nothing of: the hosts file (and `localhost`) may still know it. */
const unknownToDns = new Set(['ENOTFOUND', 'ENODATA']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The name's addresses, asked of DNS through c-ares (`dns.promises.Resolver`), which does not hold a thread of
 * libuv's pool as getaddrinfo does while a slow DNS server takes its time. A name DNS does not know (ENOTFOUND,
 * ENODATA: answered at once) is looked up the system's way too, for `localhost` and the hosts file; a DNS server
 * that does not answer is a timeout, never a second wait.
 */
async function addressesOf(name: string, timeoutMs: number, dnsServers?: string[]): Promise<string[]> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (dnsServers) resolver.setServers(dnsServers);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(Object.assign(new Error(`DNS look-up of ${name} timed out`), { code: 'ETIMEOUT' }));
    }, timeoutMs);
  });
  try {
    const answers = await Promise.race([
      Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]),
      timeout,
    ]);
    const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    if (addresses.length) return addresses;
    const failures = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as Error] : []));
    const unexpected = failures.find((error) => !unknownToDns.has(String(codeOf(error))));
    if (unexpected) throw unexpected;
    const local = await Promise.race([lookup(name, { all: true, verbatim: true }), timeout]);
    return local.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves a host a user typed (a name, an IPv4 address, an IPv6 address with or without brackets) and refuses it,
 * with a PrivateAddressError, when any of its addresses is not a public one, unless `allowPrivate`. Answers the
 * address to connect to: IPv4 first, as many servers and containers have no IPv6 route and only one is tried.
 * A name not found throws the resolver's ENOTFOUND; a DNS server that stays silent ETIMEOUT.
 */
export async function resolveOutgoingHost(
  host: string,
  { allowPrivate, timeoutMs = defaultResolveTimeoutMs, dnsServers }: ResolveOptions,
): Promise<OutgoingHost> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(name) !== 0;
  const addresses = literal ? [name] : await addressesOf(name, timeoutMs, dnsServers);
  const first = [...addresses].sort((a, b) => isIP(a) - isIP(b))[0];
  if (!first) throw Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' });
  if (!allowPrivate && addresses.some(isPrivateAddress)) throw new PrivateAddressError(name);
  return { address: first, servername: literal ? undefined : name };
}
