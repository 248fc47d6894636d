import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailAccount, EmailAuthMethod } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { checkAccount } from './check';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { fetchImap } from './imap';
import type { MailServer } from './mail-host';
import { fetchPop3 } from './pop3';
import { sendMail } from './smtp';
import {
  signInLines,
  startImapWithoutStarttls,
  startPop3WithoutStls,
  startSmtpTrap,
  type LineServer,
  type SmtpTrap,
} from '../../test/mail-servers';
import { tempDataDir } from '../../test/mail';

// Without SSL/TLS, every auth method goes through STARTTLS: a server that does not offer it (or whose offer someone
// on the path strips) is refused with the reason, before any user name or password is sent, unless the account
// allows an unencrypted connection. CRAM-MD5 was let through in clear: its answer can be guessed at offline, and the
// mail itself would cross the network readable.

const methods: EmailAuthMethod[] = ['plain', 'login', 'cram-md5'];
const missing = mailConnectionMessages.starttlsMissing;
const connect = { allowPrivate: true, timeoutMs: 5_000 };
const none = async () => {};

let pop3: LineServer;
let imap: LineServer;
let smtp: SmtpTrap;
beforeAll(async () => {
  [pop3, imap, smtp] = await Promise.all([startPop3WithoutStls(), startImapWithoutStarttls(), startSmtpTrap()]);
});
afterAll(async () => {
  await Promise.all([pop3?.close(), imap?.close(), smtp?.close()]);
});

const server = (port: number, authMethod: EmailAuthMethod, allowUnencrypted = false): MailServer => ({
  host: '127.0.0.1',
  port,
  username: 'someone@example.com',
  password: 'a-password-never-sent-in-clear',
  useSsl: false,
  authMethod,
  allowUnencrypted,
});

const message = {
  from: { address: 'someone@example.com' },
  to: [{ address: 'else@example.com' }],
  subject: 'Hi',
  text: 'Hi',
};

describe('a server that offers no STARTTLS', () => {
  it.each(methods)('is refused with the reason, and nothing of the sign-in is sent (%s)', async (authMethod) => {
    const before = { pop3: pop3.lines.length, imap: imap.lines.length, smtp: smtp.auths.length };
    await expect(
      fetchPop3(server(pop3.port, authMethod), { ...connect, knownUids: new Set(), onMessage: none }),
    ).rejects.toThrow(missing);
    await expect(fetchImap(server(imap.port, authMethod), { ...connect, onMessage: none })).rejects.toThrow(missing);
    await expect(sendMail(server(smtp.port, authMethod), message, connect)).rejects.toThrow(missing);
    expect(signInLines(pop3.lines.slice(before.pop3))).toEqual([]);
    expect(signInLines(imap.lines.slice(before.imap))).toEqual([]);
    expect(smtp.auths.slice(before.smtp)).toEqual([]);
  });

  it('is used in clear when the account allows an unencrypted connection', async () => {
    const pop3Before = pop3.lines.length;
    await expect(
      fetchPop3(server(pop3.port, 'cram-md5', true), { ...connect, knownUids: new Set(), onMessage: none }),
    ).rejects.toThrow(mailConnectionMessages.wrongPassword);
    expect(signInLines(pop3.lines.slice(pop3Before))).toEqual(['AUTH CRAM-MD5']);

    const imapBefore = imap.lines.length;
    await expect(fetchImap(server(imap.port, 'login', true), { ...connect, onMessage: none })).rejects.toThrow(
      mailConnectionMessages.wrongPassword,
    );
    expect(signInLines(imap.lines.slice(imapBefore))).toHaveLength(1);

    const smtpBefore = smtp.auths.length;
    await sendMail(server(smtp.port, 'cram-md5', true), message, connect);
    expect(smtp.auths.slice(smtpBefore)).toEqual([
      { method: 'CRAM-MD5', username: 'someone@example.com', password: undefined },
    ]);
  });

  it('is still refused by IMAP for CRAM-MD5, which imapflow can only do as PLAIN: the password would go in clear', async () => {
    const before = imap.lines.length;
    await expect(fetchImap(server(imap.port, 'cram-md5', true), { ...connect, onMessage: none })).rejects.toThrow(
      missing,
    );
    expect(signInLines(imap.lines.slice(before))).toEqual([]);
  });
});

describe('an account and "Allow an unencrypted connection"', () => {
  let t: TestApp;
  let removeDataDir: () => Promise<void>;
  beforeAll(async () => {
    const data = await tempDataDir();
    removeDataDir = data.remove;
    t = await buildTestApp({ dataDir: data.dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await removeDataDir?.();
  });

  it('is off by default: Check Mail and Send answer the reason, and no AUTH reaches the server; on, they go on', async () => {
    const user = await signUp(t.app, 'tls');
    const settings = (allowUnencrypted?: boolean) => ({
      email: 'tls@example.com',
      pop3: { ...server(pop3.port, 'cram-md5'), allowUnencrypted: undefined },
      smtp: { ...server(smtp.port, 'cram-md5'), allowUnencrypted: undefined },
      ...(allowUnencrypted === undefined ? {} : { allowUnencrypted }),
    });
    const created = await user.post('/api/email-accounts', settings());
    expect(created.statusCode, created.body).toBe(201);
    const account: EmailAccount = created.json();
    expect(account.allowUnencrypted).toBe(false);

    const smtpBefore = smtp.auths.length;
    const pop3Before = pop3.lines.length;
    const checked = await checkAccount(t.app.db, t.app.secrets, t.app.config, user.id, account.id);
    expect(checked.error).toBe(missing);
    const sent = await user.post('/api/email/send', {
      to: 'else@example.com',
      cc: '',
      bcc: '',
      subject: 'Hi',
      content: 'Hi',
    });
    expect(sent.statusCode).toBe(502);
    expect(sent.json()).toEqual({ error: missing });
    expect(smtp.auths.slice(smtpBefore)).toEqual([]);
    expect(signInLines(pop3.lines.slice(pop3Before))).toEqual([]);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/email-accounts/${account.id}`,
      headers: { cookie: user.cookie },
      payload: settings(true),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmailAccount>().allowUnencrypted).toBe(true);
    const listed = (await user.get('/api/email-accounts')).json<{ items: EmailAccount[] }>().items;
    expect(listed[0]!.allowUnencrypted).toBe(true);
    const again = await user.post('/api/email/send', {
      to: 'else@example.com',
      cc: '',
      bcc: '',
      subject: `Hi ${randomUUID()}`,
      content: 'Hi',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(smtp.auths.slice(smtpBefore).map((auth) => auth.method)).toEqual(['CRAM-MD5']);
    const checkedAgain = await checkAccount(t.app.db, t.app.secrets, t.app.config, user.id, account.id);
    expect(checkedAgain.error).toBe(mailConnectionMessages.wrongPassword);
  });
});

const env = process.env;
describe.skipIf(!env.MAIL_TEST_HOST)('the real mail servers, which offer STARTTLS on their plain ports', () => {
  it.each(methods)(
    'are used through STARTTLS with %s, the account allowing nothing unencrypted',
    async (authMethod) => {
      const ca = readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`);
      const real = (name: string): MailServer => ({
        host: env.MAIL_TEST_HOST!,
        port: Number(env[`MAIL_TEST_${name}_PORT`]),
        username: env.MAIL_TEST_USER!,
        password: env.MAIL_TEST_PASSWORD!,
        useSsl: false,
        authMethod,
        allowUnencrypted: false,
      });
      const options = { allowPrivate: true, ca };
      const self = { address: env.MAIL_TEST_USER! };
      await sendMail(real('SMTP'), { from: self, to: [self], subject: 'STARTTLS', text: randomUUID() }, options);
      await fetchPop3(real('POP3'), { ...options, knownUids: new Set(), maxMessages: 1, onMessage: none });
      await fetchImap(real('IMAP'), { ...options, maxMessages: 1, onMessage: none });
    },
  );
});
