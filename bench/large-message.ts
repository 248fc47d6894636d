import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chownSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailCheckStatus, EmailListItem } from '../common/email';
import type { Stats } from './load';
import { probingLoop, sampleWhile, type LoopDelay } from './probes';
import { ms } from './report';

// The server while 'Check Mail' takes in a message of nearly 25 MB from the test mail servers.

/** The test mail servers of scripts/mail-servers.sh, from their MAIL_TEST_* variables; null when they are unset. */
export function mailTestServers() {
  const env = process.env;
  if (!env.MAIL_TEST_HOST || !env.MAIL_TEST_DIR || !env.MAIL_TEST_USER || !env.MAIL_TEST_PASSWORD) return null;
  const server = (port: string | undefined) => ({
    host: env.MAIL_TEST_HOST,
    port: Number(port),
    username: env.MAIL_TEST_USER,
    password: env.MAIL_TEST_PASSWORD,
    useSsl: true,
  });
  return {
    user: env.MAIL_TEST_USER,
    maildir: path.join(env.MAIL_TEST_DIR, 'mail', env.MAIL_TEST_USER, 'Maildir'),
    caFile: env.MAIL_TEST_CA_FILE ?? path.join(env.MAIL_TEST_DIR, 'cert.pem'),
    pop3: server(env.MAIL_TEST_POP3S_PORT),
    smtp: server(env.MAIL_TEST_SMTPS_PORT),
  };
}
export type MailTestServers = NonNullable<ReturnType<typeof mailTestServers>>;

/**
 * A message just under the 25 MiB a check fetches: a line of text and two 9 MB attachments (each under the
 * 10 MiB kept), base64 in lines of 76 as mail clients send them.
 */
export function largeMessage(to: string, subject: string): Buffer {
  const attachment = (name: string) => [
    '--part',
    `Content-Type: application/pdf; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    randomBytes(9_000_000).toString('base64').replace(/.{76}/g, '$&\r\n'),
  ];
  return Buffer.from(
    [
      'From: Vera Visitor <vera@example.com>',
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomUUID()}@example.com>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="part"',
      '',
      '--part',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The scans, as promised.',
      ...attachment('scan-1.pdf'),
      ...attachment('scan-2.pdf'),
      '--part--',
      '',
    ].join('\r\n'),
  );
}

export interface LargeMessage {
  me: Stats;
  loop: LoopDelay;
  bytes: number;
  checkSeconds: number;
}

/**
 * GET /api/me (one closed loop) and the server's event-loop delay while 'Check Mail' fetches a ~25 MB message by
 * POP3 over TLS, parses it (in the worker thread of parse-pool.ts) and stores it. The bench drops the message into
 * the test mailbox itself, and takes it out again after.
 */
export async function duringLargeMessage(
  base: string,
  cookie: string,
  server: ChildProcess,
  loopFile: string,
  mail: MailTestServers,
): Promise<LargeMessage> {
  const post = async <T>(url: string, body: object): Promise<T> => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const account = await post<{ id: string }>('/api/email-accounts', {
    email: mail.user,
    pop3: mail.pop3,
    smtp: mail.smtp,
  });
  // 'Check Mail' is queued and answers at once: its status is read until the account's check has finished.
  const check = async () => {
    let status = await post<EmailCheckStatus>('/api/email/check', { accountId: account.id });
    while (status.running) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await fetch(`${base}/api/email/check?accountId=${account.id}`, { headers: { cookie } });
      status = (await res.json()) as EmailCheckStatus;
    }
    if (status.accounts[0]?.error) throw new Error(`the check failed: ${status.accounts[0].error}`);
    return status.newMessages;
  };
  // The tests share the mailbox: a first check takes what they left, so the measured one fetches this message alone.
  for (let round = 0; round < 20 && (await check()) > 0; round++);
  const token = randomUUID();
  const subject = `Scans ${token}`;
  const message = largeMessage(mail.user, subject);
  const name = `${Date.now()}.bench-${token}`;
  try {
    // Maildir delivery, as the test SMTP server does it: written in tmp/, renamed into new/, owned as the mailbox is.
    const written = path.join(mail.maildir, 'tmp', name);
    writeFileSync(written, message, { mode: 0o600 });
    const owner = statSync(mail.maildir);
    if (process.getuid?.() === 0) chownSync(written, owner.uid, owner.gid);
    renameSync(written, path.join(mail.maildir, 'new', name));
    let running = true;
    let checkSeconds = 0;
    const [me, loop] = await probingLoop(server, loopFile, async () => {
      const started = performance.now();
      // Done once the queued check has stored what it fetched.
      const checked = check().finally(() => {
        running = false;
        checkSeconds = (performance.now() - started) / 1000;
      });
      const [sampled] = await Promise.all([sampleWhile(`${base}/api/me`, cookie, () => running), checked]);
      return sampled;
    });
    const listed = await fetch(`${base}/api/email/messages?q=${encodeURIComponent(subject)}`, { headers: { cookie } });
    const [stored] = ((await listed.json()) as { items: EmailListItem[] }).items;
    if (stored?.attachmentCount !== 2) throw new Error('the large message was not stored with its two attachments');
    return { me, loop, bytes: message.length, checkSeconds };
  } finally {
    // Dovecot moves a message it has served into cur/, its flags after its name.
    for (const folder of ['tmp', 'new', 'cur'])
      for (const file of readdirSync(path.join(mail.maildir, folder)))
        if (file.startsWith(name)) rmSync(path.join(mail.maildir, folder, file));
  }
}

/** The report's line on the large message: its figures, or why they are missing (no mail servers, a failure). */
export async function largeMessageReport(
  base: string,
  cookie: string,
  server: ChildProcess,
  loopFile: string,
  mail: MailTestServers | null,
): Promise<string> {
  const during = 'While the server fetches, parses and stores a large incoming message';
  let line = `${during}: skipped, no MAIL_TEST_* settings (scripts/mail-servers.sh start prints them).`;
  if (mail) {
    try {
      const large = await duringLargeMessage(base, cookie, server, loopFile, mail);
      line =
        `${during} (${(large.bytes / 1e6).toFixed(1)} MB, a check of ${large.checkSeconds.toFixed(1)} s): ` +
        `event-loop delay p50 ${ms(large.loop.p50)} ms, p99 ${ms(large.loop.p99)} ms (max ${ms(large.loop.max)} ms); ` +
        `GET /api/me p50 ${ms(large.me.p50)} ms, p99 ${ms(large.me.p99)} ms` +
        `${large.me.errors ? ` (${large.me.errors} errors)` : ''}.`;
    } catch (error) {
      line = `${during}: failed, ${(error as Error).message}.`;
      process.exitCode = 1;
    }
  }
  return line;
}
