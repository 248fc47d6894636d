import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { toMailConnectionError } from './mail-errors';
import {
  mailTimeoutMs,
  resolveMailHost,
  trustedCertificates,
  type MailConnectOptions,
  type MailHost,
  type MailServer,
} from './mail-host';

export interface MailAddress {
  name?: string;
  address: string;
}

export interface OutgoingMessage {
  from: MailAddress;
  to: MailAddress[];
  cc?: MailAddress[];
  /** Receive the message, not named in it (not in the stored Sent copy's headers either). */
  bcc?: MailAddress[];
  subject: string;
  /** The plain-text part, always sent: readers without HTML and filters rely on it. */
  text: string;
  /** An optional HTML alternative. */
  html?: string;
  /** Message-ID of the message answered, for replies (threads in the recipient's reader). */
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface SentMail {
  messageId: string;
  /** The exact bytes handed to the server, for the Sent folder. */
  raw: Buffer;
  accepted: string[];
  rejected: string[];
}

const smtpAuthMethods = { plain: 'PLAIN', login: 'LOGIN', 'cram-md5': 'CRAM-MD5' } as const;

/** The domain of the sender, for a Message-ID the recipient's server recognises as ours. */
function messageIdFor(from: MailAddress): string {
  const domain = from.address.split('@')[1] || 'pipewise.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/**
 * Sends a message through the account's SMTP server. useSsl: implicit TLS (port 465); otherwise STARTTLS, required
 * unless the account allows an unencrypted connection (then used when offered).
 * Throws MailConnectionError with the reason a person can act on.
 */
export async function sendMail(
  server: MailServer,
  message: OutgoingMessage,
  options: MailConnectOptions,
): Promise<SentMail> {
  const timeoutMs = options.timeoutMs ?? mailTimeoutMs;
  const messageId = messageIdFor(message.from);
  const mail = {
    from: message.from,
    to: message.to,
    cc: message.cc,
    subject: message.subject,
    // An empty text would leave the message without its plain-text part.
    text: message.text || '\n',
    html: message.html,
    messageId,
    inReplyTo: message.inReplyTo,
    references: message.references,
    attachments: message.attachments,
  };
  const raw = await new MailComposer(mail).compile().build();
  let host: MailHost;
  try {
    host = await resolveMailHost(server.host, options);
  } catch (error) {
    throw toMailConnectionError(error);
  }
  const transport = nodemailer.createTransport({
    host: host.address,
    port: server.port,
    secure: server.useSsl,
    requireTLS: !server.useSsl && !server.allowUnencrypted,
    // A relay may take mail without a sign-in (the product's own SMTP_URL without a user).
    auth: server.username ? { user: server.username, pass: server.password } : undefined,
    authMethod: smtpAuthMethods[server.authMethod],
    tls: { servername: host.servername, ca: trustedCertificates(options.ca) },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
  });
  try {
    const envelope = {
      from: message.from.address,
      to: [...message.to, ...(message.cc ?? []), ...(message.bcc ?? [])].map((recipient) => recipient.address),
    };
    const info = await transport.sendMail({ envelope, raw });
    return {
      messageId,
      raw,
      accepted: info.accepted.map(String),
      rejected: info.rejected.map(String),
    };
  } catch (error) {
    throw toMailConnectionError(error, [server.password]);
  } finally {
    transport.close();
  }
}
