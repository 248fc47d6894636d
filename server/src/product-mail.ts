import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { sendMail, type MailAddress, type OutgoingMessage } from './modules/email/smtp';

// The product's own mail (password-reset links), sent through the operator's SMTP_URL. Users' own accounts send
// through modules/email; both go out by the same SMTP client and the same outgoing-address guard.

/** A message of the product's own, from MAIL_FROM. */
export type ProductMessage = Omit<OutgoingMessage, 'from'>;

export interface ProductMail {
  /** Sends the message; a failure is logged, never thrown: the request that asked for it answers the same. */
  send(message: ProductMessage): Promise<void>;
}

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
export function parseMailbox(text: string): MailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(text);
  return match ? { name: match[1]!.replace(/^"|"$/g, ''), address: match[2]! } : { address: text.trim() };
}

/** The product's mail, or null when SMTP_URL is unset (the screens then say that mail is off). */
export function createProductMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailCa'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): ProductMail | null {
  const url = config.smtpUrl;
  if (!url) return null;
  const useSsl = url.protocol === 'smtps:';
  const server = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (useSsl ? 465 : 587),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    useSsl,
    authMethod: 'plain' as const,
    // As nodemailer reads an smtp:// URL: STARTTLS when the server offers it.
    allowUnencrypted: true,
  };
  const from = parseMailbox(config.mailFrom);
  return {
    async send(message) {
      try {
        // The operator's own server, which may well be a relay on this machine: not an address a user typed.
        await sendMail(server, { ...message, from }, { allowPrivate: true, ca: config.mailCa });
      } catch (error) {
        log.error({ err: error, to: message.to.length }, 'the product could not send its mail');
      }
    },
  };
}
