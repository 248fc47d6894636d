import { readFileSync } from 'node:fs';
import type { EmailAuthMethod } from '@common/email-accounts';
import { fetchImap, type FetchedImapMessage, type ImapFetchOptions } from '../modules/email/imap';
import type { MailServer } from '../modules/email/mail-host';
import { fetchPop3, type FetchedPop3Message } from '../modules/email/pop3';
import type { OutgoingMessage } from '../modules/email/smtp';

// Helpers of the tests against real servers (modules/email/mail-servers.test.ts, mail-server-errors.test.ts): Dovecot
// (POP3, IMAP) and the SMTP server of scripts/mail-servers.sh, which CI starts, and their first mailbox.

const env = process.env;
export const configured = Boolean(env.MAIL_TEST_HOST);
export const title = configured
  ? 'mail servers'
  : 'mail servers (skipped: MAIL_TEST_HOST is unset; start them with scripts/mail-servers.sh)';

const host = env.MAIL_TEST_HOST ?? '';
export const user = env.MAIL_TEST_USER ?? '';
const password = env.MAIL_TEST_PASSWORD ?? '';
export const ca = configured ? readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`) : undefined;
export const connect = { allowPrivate: true, ca };
const port = (name: string) => Number(env[`MAIL_TEST_${name}_PORT`]);

export const server = (name: string, useSsl: boolean, authMethod: EmailAuthMethod = 'plain'): MailServer => ({
  host,
  port: port(name),
  username: user,
  password,
  useSsl,
  authMethod,
});

const alice = () => ({ name: 'Alice', address: user });

export function message(token: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return { from: alice(), to: [alice()], subject: `Test ${token}`, text: `Hello ${token}`, ...overrides };
}

/** What POP3 fetches of the mailbox, those of `knownUids` left out, and the fetch's result. */
export async function popAll(mailServer: MailServer, knownUids: ReadonlySet<string> = new Set()) {
  const messages: FetchedPop3Message[] = [];
  const result = await fetchPop3(mailServer, {
    ...connect,
    knownUids,
    maxMessages: 10_000,
    onMessage: async (fetched) => void messages.push(fetched),
  });
  return { result, messages };
}

/** What IMAP fetches of the mailbox, from where `folders` left off, and the fetch's result. */
export async function imapAll(mailServer: MailServer, folders?: ImapFetchOptions['folders']) {
  const messages: FetchedImapMessage[] = [];
  const result = await fetchImap(mailServer, {
    ...connect,
    folders,
    maxMessages: 10_000,
    onMessage: async (fetched) => void messages.push(fetched),
  });
  return { result, messages };
}

/** The messages carrying a test's token. */
export const containing = <T extends { raw: Buffer }>(messages: T[], token: string) =>
  messages.filter((fetched) => fetched.raw.includes(token));
