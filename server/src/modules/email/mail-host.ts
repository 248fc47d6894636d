import { rootCertificates } from 'node:tls';
import type { EmailAuthMethod } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { PrivateAddressError, resolveOutgoingHost, type OutgoingHost } from '../../net/outgoing-address';
import { MailConnectionError } from './mail-errors';

/** One server row of an email account (POP3, IMAP or SMTP), its password already opened. */
export interface MailServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** Implicit TLS from the first byte; otherwise STARTTLS, required unless `allowUnencrypted`. */
  useSsl: boolean;
  authMethod: EmailAuthMethod;
  /**
   * The account's "Allow an unencrypted connection": without it, a server that offers no STARTTLS is refused
   * (starttlsMissing) whatever the auth method; a CRAM-MD5 answer seen in clear can be guessed at offline, and the
   * mail itself would cross the network readable.
   */
  allowUnencrypted?: boolean;
}

export interface MailConnectOptions {
  /** ALLOW_PRIVATE_HOSTS (or MAIL_ALLOW_PRIVATE_HOSTS): the operator lets accounts reach their own networks. */
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

export type MailHost = OutgoingHost;

/**
 * Resolves the host the user saved through the outgoing-address guard (server/src/net/outgoing-address.ts): refused
 * with the private-address message when any of its addresses is loopback, private, link-local, metadata or otherwise
 * not a public one, unless `allowPrivate` (ALLOW_PRIVATE_HOSTS).
 */
export async function resolveMailHost(
  host: string,
  { allowPrivate, timeoutMs = mailTimeoutMs }: Pick<MailConnectOptions, 'allowPrivate' | 'timeoutMs'>,
): Promise<MailHost> {
  try {
    return await resolveOutgoingHost(host, { allowPrivate, timeoutMs });
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw new MailConnectionError('privateAddress', mailConnectionMessages.privateAddress);
    }
    throw error;
  }
}
