import { readFileSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';

// The test mail servers' mailbox for the product's own mail (scripts/mail-servers.sh, its third user): the server
// sends through SMTP_URL as that user, to sub-addresses of it (carol+tag@), and a test reads what arrived by IMAP.

export interface ProductMailbox {
  /** SMTP_URL for the server under test: STARTTLS on the plain port, signed in as the mailbox's user. */
  smtpUrl: string;
  /** The certificate authority of the test servers (MAIL_CA_FILE). */
  ca: string;
  /** A fresh address that lands in this mailbox. */
  address(tag: string): string;
}

/** The mailbox, or null when the test mail servers are not running. */
export function productMailbox(env: NodeJS.ProcessEnv = process.env): ProductMailbox | null {
  const { MAIL_TEST_HOST: host, MAIL_TEST_USER3: user, MAIL_TEST_PASSWORD3: password } = env;
  if (!host || !user || !password || !env.MAIL_TEST_SMTP_PORT) return null;
  const [local, domain] = user.split('@');
  return {
    smtpUrl: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${env.MAIL_TEST_SMTP_PORT}`,
    ca: readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`, 'utf8'),
    address: (tag) => `${local}+${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`,
  };
}

export interface ReceivedMail {
  subject: string;
  text: string;
  from: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** Every message the mailbox holds for `to`, oldest first. */
export async function mailTo(to: string, env: NodeJS.ProcessEnv = process.env): Promise<ReceivedMail[]> {
  const client = new ImapFlow({
    host: env.MAIL_TEST_HOST!,
    port: Number(env.MAIL_TEST_IMAPS_PORT),
    secure: true,
    auth: { user: env.MAIL_TEST_USER3!, pass: env.MAIL_TEST_PASSWORD3! },
    tls: { ca: [readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`, 'utf8')] },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const found = await client.search({ header: { to } }, { uid: true });
    const mails: ReceivedMail[] = [];
    for (const uid of found || []) {
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      const parsed = await simpleParser(message.source);
      mails.push({
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        from: parsed.from?.text ?? '',
        attachments: parsed.attachments.map((file) => ({
          filename: file.filename ?? '',
          contentType: file.contentType,
          content: file.content.toString('utf8'),
        })),
      });
    }
    return mails;
  } finally {
    await client.logout();
  }
}

/** Waits until a message for `to` arrives (the server sends after answering), and returns it. */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await mailTo(to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail reached ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The link in a password-reset mail. */
export function resetLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
}
