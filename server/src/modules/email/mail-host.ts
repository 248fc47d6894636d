import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { EmailAuthMethod } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { MailConnectionError } from './mail-errors';

/** One server row of an email account (POP3, IMAP or SMTP), its password already opened. */
export interface MailServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /**
   * Implicit TLS from the first byte; otherwise STARTTLS, required before a password is sent (PLAIN, LOGIN;
   * IMAP always): only CRAM-MD5 by POP3 or SMTP may go on in clear when the server offers no STARTTLS.
   */
  useSsl: boolean;
  authMethod: EmailAuthMethod;
}

export interface MailConnectOptions {
  /** MAIL_ALLOW_PRIVATE_HOSTS: the operator lets accounts reach loopback and private networks. */
  allowPrivate: boolean;
  /** Extra certificate authorities (PEM) to trust besides the public ones, e.g. a test server's own certificate. */
  ca?: string | Buffer;
  /** How long a server may stay silent (connecting, greeting, any answer); default `mailTimeoutMs`. */
  timeoutMs?: number;
}

/** Socket, greeting and command timeouts of every mail protocol. */
export const mailTimeoutMs = 15_000;

/** Node's trusted roots plus the extra ones: a `ca` option alone would replace the public roots. */
export function trustedCertificates(ca: string | Buffer | undefined): (string | Buffer)[] | undefined {
  return ca ? [...rootCertificates, ca] : undefined;
}

/**
 * Addresses a user's mail settings must not reach: the server's own machine and networks, cloud metadata
 * (169.254.169.254), shared address space. IPv4-mapped IPv6 forms (::ffff:10.0.0.1) are matched by BlockList itself.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms (::10.0.0.1)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a saved mail host may not resolve to (unless the operator allows private hosts). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface MailHost {
  /** The address every protocol connects to: resolved once, so DNS cannot answer differently at connect time. */
  address: string;
  /** The saved host name, for TLS (SNI and certificate check); undefined when the saved host is an IP address. */
  servername: string | undefined;
}

/**
 * Resolves the host the user saved and refuses it when any of its addresses is loopback, private, link-local,
 * metadata or otherwise not a public one, unless `allowPrivate` (MAIL_ALLOW_PRIVATE_HOSTS=true).
 */
export async function resolveMailHost(
  host: string,
  { allowPrivate, timeoutMs = mailTimeoutMs }: Pick<MailConnectOptions, 'allowPrivate' | 'timeoutMs'>,
): Promise<MailHost> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  const servername = isIP(name) === 0 ? name : undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`DNS lookup of ${name} timed out`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    const addresses = await Promise.race([lookup(name, { all: true, verbatim: true }), timeout]);
    // IPv4 first: many servers (and containers) have no IPv6 route, and only one address is tried.
    const first = [...addresses].sort((a, b) => a.family - b.family)[0];
    if (!first) throw Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' });
    if (!allowPrivate && addresses.some(({ address }) => isRefusedAddress(address))) {
      throw new MailConnectionError('privateAddress', mailConnectionMessages.privateAddress);
    }
    return { address: first.address, servername };
  } finally {
    clearTimeout(timer);
  }
}
