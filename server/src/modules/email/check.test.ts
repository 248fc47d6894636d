import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailSendMessages,
  MAX_FORWARDED_BYTES,
  type EmailCheckResult,
  type EmailDetail,
  type EmailListItem,
} from '@common/email';
import type { EmailAccount, EmailAccountInput } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { emailAccounts, emailImapFolders, mailAttachments, mailMessages } from '../../db/schema';
import { freePort } from '../../test/server-process';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { checkAccount, runDueChecks, storedFolderOf } from './check';
import { fetchPop3 } from './pop3';
import { sendMail } from './smtp';
import { tempDataDir } from '../../test/mail';

// 'Check Mail', sending and the automatic checks, through the API. The part with real mail servers (Dovecot and the
// SMTP server of scripts/mail-servers.sh, which CI starts) uses the second test mailbox; each test's messages carry
// a token of their own, as other runs may share the mailbox.

const env = process.env;
const configured = Boolean(env.MAIL_TEST_HOST);
const mailTitle = configured
  ? 'checking and sending with mail servers'
  : 'checking and sending with mail servers (skipped: MAIL_TEST_HOST is unset; start them with scripts/mail-servers.sh)';
const mailUser = env.MAIL_TEST_USER2 ?? '';
const mailPassword = env.MAIL_TEST_PASSWORD2 ?? '';
const mailCa = configured ? readFileSync(env.MAIL_TEST_CA_FILE ?? `${env.MAIL_TEST_DIR}/cert.pem`, 'utf8') : undefined;

let t: TestApp;
let removeDataDir: () => Promise<void>;
/** A loopback port nothing listens on: a check or send there is refused at once. */
let closedPort: number;

beforeAll(async () => {
  const data = await tempDataDir();
  removeDataDir = data.remove;
  t = await buildTestApp({ dataDir: data.dataDir, mailCa });
  closedPort = await freePort();
});
afterAll(async () => {
  await t?.close();
  await removeDataDir?.();
});

type Server = EmailAccountInput['pop3'];
const closedServer = (): Server => ({
  host: '127.0.0.1',
  port: closedPort,
  username: 'someone',
  password: 'closed-port-password',
  useSsl: true,
  authMethod: 'plain',
});
/** One of the test mail servers, by its MAIL_TEST_<NAME>_PORT. */
const testServer = (name: string, useSsl: boolean, overrides: Partial<Server> = {}): Server => ({
  host: env.MAIL_TEST_HOST ?? '',
  port: Number(env[`MAIL_TEST_${name}_PORT`]),
  username: mailUser,
  password: mailPassword,
  useSsl,
  authMethod: 'plain',
  ...overrides,
});

async function addAccount(user: UserClient, input: Partial<EmailAccountInput> = {}): Promise<EmailAccount> {
  const res = await user.post('/api/email-accounts', {
    email: mailUser || 'me@example.com',
    pop3: closedServer(),
    smtp: closedServer(),
    ...input,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function check(user: UserClient, body?: object): Promise<EmailCheckResult> {
  const res = await user.post('/api/email/check', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const accountRow = async (id: string) =>
  (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0]!;
const messageCount = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.userId, userId)))[0]!.n;

const draft = (overrides: object = {}) => ({
  to: 'someone@example.com',
  cc: '',
  bcc: '',
  subject: 'Hello',
  content: 'A message',
  ...overrides,
});

describe('checking and sending', () => {
  it('asks for an email account first, to check and to send', async () => {
    const user = await signUp(t.app, 'newcomer');
    for (const res of [await user.post('/api/email/check'), await user.post('/api/email/send', draft())]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: emailSendMessages.noAccount });
    }
  });

  it('refuses a message with missing or malformed fields, naming each, and sends nothing', async () => {
    const user = await signUp(t.app, 'writer');
    await addAccount(user);
    const blank = await user.post('/api/email/send', { to: ' ', cc: 'nope', bcc: 'a@example.com,', subject: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({
      to: 'To is required',
      cc: 'Please enter a valid email address',
      bcc: 'Please enter a valid email address',
      subject: 'Subject is required',
      content: expect.any(String),
    });
    const ids = await user.post('/api/email/send', draft({ accountId: 'x', inReplyTo: 'y', attachmentIds: ['z'] }));
    expect(ids.json().fields).toEqual({
      accountId: emailSendMessages.accountNotFound,
      inReplyTo: emailSendMessages.replyNotFound,
      'attachmentIds.0': emailSendMessages.attachmentNotFound,
    });
    const notList = await user.post('/api/email/send', draft({ attachmentIds: randomUUID() }));
    expect(notList.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `r${i}@example.com`).join(', ');
    expect((await user.post('/api/email/send', draft({ to: many }))).json().fields).toEqual({
      to: emailSendMessages.tooManyRecipients,
    });
    const strange = await user.post('/api/email/check', { accountId: randomUUID(), extra: true });
    expect(strange.statusCode).toBe(400);
    expect(await messageCount(user.id)).toBe(0);
  });

  it("lets no one check or send with another user's account, nor reply to another user's message", async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const account = await addAccount(ann);
    await addAccount(bob);
    const before = await accountRow(account.id);
    expect((await bob.post('/api/email/check', { accountId: account.id })).statusCode).toBe(404);
    const sent = await bob.post('/api/email/send', draft({ accountId: account.id }));
    expect(sent.statusCode).toBe(404);
    expect(sent.json()).toEqual({ error: 'Not found' });
    expect(await accountRow(account.id)).toEqual(before);

    // Ann's message, answered by Bob from his own account: refused before anything is sent.
    const [annMessage] = await t.database.db
      .insert(mailMessages)
      .values({ userId: ann.id, accountId: account.id, direction: 'in', subject: 'Private' })
      .returning({ id: mailMessages.id });
    const reply = await bob.post('/api/email/send', draft({ inReplyTo: annMessage!.id }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual({ inReplyTo: emailSendMessages.replyNotFound });
    // Nor forward her attachment, alone or beside one that does not exist.
    const [annFile] = await t.database.db
      .insert(mailAttachments)
      .values({
        messageId: annMessage!.id,
        userId: ann.id,
        filename: 'a.pdf',
        declaredType: 'application/pdf',
        size: 3,
        storageKey: 'attachments/x',
      })
      .returning({ id: mailAttachments.id });
    for (const attachmentIds of [[annFile!.id], [randomUUID()]]) {
      const forward = await bob.post('/api/email/send', draft({ attachmentIds }));
      expect(forward.statusCode).toBe(400);
      expect(forward.json()).toEqual({
        error: emailSendMessages.attachmentNotFound,
        fields: { attachmentIds: emailSendMessages.attachmentNotFound },
      });
    }
    expect(await messageCount(bob.id)).toBe(0);
  });

  it('refuses to forward attachments over the limit together, before connecting', async () => {
    const user = await signUp(t.app, 'big');
    await addAccount(user);
    const [message] = await t.database.db
      .insert(mailMessages)
      .values({ userId: user.id, direction: 'in', subject: 'Large files' })
      .returning({ id: mailMessages.id });
    const half = MAX_FORWARDED_BYTES / 2;
    const files = await t.database.db
      .insert(mailAttachments)
      .values(
        [half, half + 1].map((size, i) => ({
          messageId: message!.id,
          userId: user.id,
          filename: `part${i}.bin`,
          declaredType: 'application/octet-stream',
          size,
          storageKey: `attachments/${user.id}/missing-${i}`,
        })),
      )
      .returning({ id: mailAttachments.id });
    const res = await user.post('/api/email/send', draft({ attachmentIds: files.map((file) => file.id) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(emailSendMessages.attachmentsTooLarge);
    // One of them alone is within the limit; its file being gone, it is refused as not found, nothing sent.
    const one = await user.post('/api/email/send', draft({ attachmentIds: [files[0]!.id] }));
    expect(one.json().error).toBe(emailSendMessages.attachmentNotFound);
    expect(await messageCount(user.id)).toBe(1);
  });

  it('answers a mail server that refuses the connection with its reason, never a failure of the request', async () => {
    const user = await signUp(t.app, 'cal');
    const account = await addAccount(user);
    const result = await check(user);
    expect(result).toEqual({
      newMessages: 0,
      accounts: [
        {
          accountId: account.id,
          email: account.email,
          newMessages: 0,
          error: mailConnectionMessages.connectionRefused,
        },
      ],
    });
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ lastCheckError: mailConnectionMessages.connectionRefused, checkLeaseUntil: null });
    expect(row.lastCheckedAt).toBeInstanceOf(Date);
    const listed = (await user.get('/api/email-accounts')).json<{ items: EmailAccount[] }>().items[0];
    expect(listed).toMatchObject({ lastCheckError: mailConnectionMessages.connectionRefused });

    const sent = await user.post('/api/email/send', draft());
    expect(sent.statusCode).toBe(502);
    expect(sent.json()).toEqual({ error: mailConnectionMessages.connectionRefused });
    expect(await messageCount(user.id)).toBe(0);
  });

  it('refuses a private address when ALLOW_PRIVATE_HOSTS is off', async () => {
    const user = await signUp(t.app, 'dot');
    const account = await addAccount(user);
    const strict = { ...t.app.config, allowPrivateHosts: false };
    const result = await checkAccount(t.app.db, t.app.secrets, strict, user.id, account.id);
    expect(result.error).toBe(mailConnectionMessages.privateAddress);
  });

  it('skips an account another check holds (its lease), and checks it once the lease has run out', async () => {
    const user = await signUp(t.app, 'eve');
    const account = await addAccount(user);
    const hold = (until: Date) =>
      t.database.db.update(emailAccounts).set({ checkLeaseUntil: until }).where(eq(emailAccounts.id, account.id));
    await hold(new Date(Date.now() + 60_000));
    const skipped = await check(user, { accountId: account.id });
    expect(skipped.accounts).toEqual([{ accountId: account.id, email: account.email, newMessages: 0, error: null }]);
    expect(await accountRow(account.id)).toMatchObject({ lastCheckedAt: null, lastCheckError: null });

    await hold(new Date(Date.now() - 1000));
    const checked = await check(user, { accountId: account.id });
    expect(checked.accounts[0]!.error).toBe(mailConnectionMessages.connectionRefused);
    expect(await accountRow(account.id)).toMatchObject({ checkLeaseUntil: null });
  });

  it('checks automatically the accounts due, and not one that is off, not yet due or being checked', async () => {
    const user = await signUp(t.app, 'fin');
    const due = await addAccount(user, { email: 'due@example.com', checkEveryMinutes: 15 });
    const hourly = await addAccount(user, { email: 'hourly@example.com', checkEveryMinutes: 60 });
    const off = await addAccount(user, { email: 'off@example.com' });
    const later = await addAccount(user, { email: 'later@example.com', checkEveryMinutes: 5 });
    const held = await addAccount(user, { email: 'held@example.com', checkEveryMinutes: 5 });
    const db = t.database.db;
    await db
      .update(emailAccounts)
      .set({ nextCheckAt: new Date(Date.now() + 60_000) })
      .where(eq(emailAccounts.id, later.id));
    await db
      .update(emailAccounts)
      .set({ checkLeaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(emailAccounts.id, held.id));

    const checks = await runDueChecks(t.app.db, t.app.secrets, t.app.config, { limit: 1000 });
    const ours = checks.filter((c) => [due.id, hourly.id, off.id, later.id, held.id].includes(c.accountId));
    const refused = { newMessages: 0, error: mailConnectionMessages.connectionRefused };
    expect(ours.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { accountId: due.id, email: 'due@example.com', ...refused },
      { accountId: hourly.id, email: 'hourly@example.com', ...refused },
    ]);
    const dueRow = await accountRow(due.id);
    expect(dueRow.checkLeaseUntil).toBeNull();
    // Due again its interval after the check.
    const next = dueRow.nextCheckAt!.getTime() - dueRow.lastCheckedAt!.getTime();
    expect(next).toBeGreaterThan(14 * 60_000);
    expect(next).toBeLessThanOrEqual(15 * 60_000);
    for (const id of [off.id, later.id, held.id]) expect((await accountRow(id)).lastCheckedAt).toBeNull();
    expect((await accountRow(off.id)).nextCheckAt).toBeNull();

    // Checked, it is not due again this round.
    const again = await runDueChecks(t.app.db, t.app.secrets, t.app.config, { limit: 1000 });
    expect(again.map((c) => c.accountId)).not.toContain(due.id);
    expect((await accountRow(hourly.id)).checkLeaseUntil).toBeNull();
  });
});

it('fetches the IMAP inbox, junk and trash into their folders, and leaves sent mail and the rest', () => {
  const folder = (path: string, specialUse: string | null, selectable = true) => ({
    path,
    name: path,
    delimiter: '/',
    specialUse,
    selectable,
  });
  expect(storedFolderOf(folder('INBOX', '\\Inbox'))).toBe('inbox');
  expect(storedFolderOf(folder('Junk E-mail', '\\Junk'))).toBe('spam');
  expect(storedFolderOf(folder('Deleted Items', '\\Trash'))).toBe('trash');
  expect(storedFolderOf(folder('Sent', '\\Sent'))).toBeNull();
  expect(storedFolderOf(folder('Archive', '\\Archive'))).toBeNull();
  expect(storedFolderOf(folder('Projects', null))).toBeNull();
  expect(storedFolderOf(folder('[Gmail]', null, false))).toBeNull();
});

describe.skipIf(!configured)(mailTitle, () => {
  const pop3Account = (extra: Partial<EmailAccountInput> = {}): Partial<EmailAccountInput> => ({
    pop3: testServer('POP3S', true),
    smtp: testServer('SMTP', false, { authMethod: 'login' }),
    ...extra,
  });
  const imapAccount = (): Partial<EmailAccountInput> => ({
    incomingType: 'imap',
    pop3: testServer('IMAPS', true),
    smtp: testServer('SMTPS', true),
  });

  /** Checks until nothing new arrives (a check takes at most so many messages of a mailbox other tests fill too). */
  async function checkAll(user: UserClient, body?: object): Promise<number> {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const result = await check(user, body);
      for (const account of result.accounts) expect(account.error, account.email).toBeNull();
      if (result.newMessages === 0) return total;
      total += result.newMessages;
    }
    throw new Error('the mailbox keeps filling');
  }

  const withToken = async (user: UserClient, token: string, folder = 'inbox') => {
    const res = await user.get(`/api/email/messages?folder=${folder}&q=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: EmailListItem[] }>().items;
  };

  it('sends from the app by SMTP and fetches the message back by POP3 once, then by IMAP', async () => {
    const user = await signUp(t.app, 'gil');
    const account = await addAccount(user, pop3Account());
    const token = randomUUID();
    const res = await user.post('/api/email/send', draft({ to: mailUser, subject: `Test ${token}`, content: token }));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    const sent = await user.get(`/api/email/messages/${id}`);
    expect(sent.json<EmailDetail>()).toMatchObject({
      direction: 'out',
      folder: 'sent',
      accountId: account.id,
      subject: `Test ${token}`,
      senderEmail: mailUser,
      to: [{ name: '', address: mailUser }],
    });
    expect(sent.json<EmailDetail>().text.trim()).toBe(token);

    expect(await checkAll(user)).toBeGreaterThan(0);
    const [fetched, ...more] = await withToken(user, token);
    expect(more).toEqual([]);
    expect(fetched).toMatchObject({ direction: 'in', folder: 'inbox', subject: `Test ${token}`, isRead: false });
    // A second check stores nothing new.
    expect((await check(user)).newMessages).toBe(0);
    expect(await withToken(user, token)).toHaveLength(1);

    // Another user reads the same mailbox by IMAP.
    const reader = await signUp(t.app, 'hal');
    const imap = await addAccount(reader, imapAccount());
    expect(await checkAll(reader)).toBeGreaterThan(0);
    expect(await withToken(reader, token)).toHaveLength(1);
    const [inbox] = await t.database.db.select().from(emailImapFolders).where(eq(emailImapFolders.accountId, imap.id));
    expect(inbox).toMatchObject({ path: 'INBOX', uidValidity: expect.any(Number), lastUid: expect.any(Number) });
    expect((await check(reader)).newMessages).toBe(0);
    expect(await withToken(reader, token)).toHaveLength(1);

    // A reply names the message answered in its threading headers.
    const reply = await user.post(
      '/api/email/send',
      draft({ to: mailUser, subject: `Re: Test ${token}`, content: `reply ${token}`, inReplyTo: fetched!.id }),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const [original] = await t.database.db
      .select({ messageId: mailMessages.messageId })
      .from(mailMessages)
      .where(eq(mailMessages.id, fetched!.id));
    const replies: Buffer[] = [];
    await fetchPop3(
      { ...testServer('POP3S', true), password: mailPassword, useSsl: true, authMethod: 'plain' },
      {
        allowPrivate: true,
        ca: mailCa,
        knownUids: new Set(),
        maxMessages: 10_000,
        onMessage: async ({ raw }) => void (raw.includes(`reply ${token}`) && replies.push(raw)),
      },
    );
    expect(replies).toHaveLength(1);
    expect(replies[0]!.toString()).toContain(`In-Reply-To: ${original!.messageId}`);
  });

  it('forwards a message with its attachments, byte for byte, and keeps them in Sent', async () => {
    const user = await signUp(t.app, 'fay');
    await addAccount(user, pop3Account());
    const token = randomUUID();
    const pdf = Buffer.from(`%PDF-1.4 ${token}\n`.repeat(200));
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from(token)]);
    await sendMail(
      { ...testServer('SMTP', false), password: mailPassword, useSsl: false, authMethod: 'plain' },
      {
        from: { address: mailUser },
        to: [{ address: mailUser }],
        subject: `Files ${token}`,
        text: `Files ${token}`,
        attachments: [
          { filename: 'offer.pdf', content: pdf, contentType: 'application/pdf' },
          { filename: 'logo.png', content: png, contentType: 'image/png' },
        ],
      },
      { allowPrivate: true, ca: mailCa },
    );
    await checkAll(user);
    const [original] = await withToken(user, `Files ${token}`);
    const detail = (await user.get(`/api/email/messages/${original!.id}`)).json<EmailDetail>();
    // Listed by name.
    expect(detail.attachments.map((file) => file.name)).toEqual(['logo.png', 'offer.pdf']);
    const offer = detail.attachments.find((file) => file.name === 'offer.pdf')!;

    // Passed on without the logo, as a user removing it from the forward would.
    const forward = await user.post(
      '/api/email/send',
      draft({
        to: mailUser,
        subject: `Fwd: Files ${token}`,
        content: `forwarded ${token}`,
        attachmentIds: [offer.id],
      }),
    );
    expect(forward.statusCode, forward.body).toBe(201);
    const sent = (await user.get(`/api/email/messages/${forward.json().id}`)).json<EmailDetail>();
    expect(sent.attachments.map((file) => [file.name, file.size])).toEqual([['offer.pdf', pdf.length]]);

    await checkAll(user);
    const [arrived, ...more] = await withToken(user, `forwarded ${token}`);
    expect(more).toEqual([]);
    const received = (await user.get(`/api/email/messages/${arrived!.id}`)).json<EmailDetail>();
    expect(received.attachments.map((file) => file.name)).toEqual(['offer.pdf']);
    const download = await user.get(`/api/email/messages/${arrived!.id}/attachments/${received.attachments[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers a wrong password with its message, storing nothing and showing no password', async () => {
    const user = await signUp(t.app, 'ida');
    const wrong = 'wrong-mail-password-5150';
    const account = await addAccount(user, {
      pop3: testServer('POP3', false, { password: wrong }),
      smtp: testServer('SMTPS', true, { password: wrong }),
    });
    const res = await user.post('/api/email/check');
    expect(res.statusCode).toBe(200);
    expect(res.json<EmailCheckResult>().accounts).toEqual([
      { accountId: account.id, email: mailUser, newMessages: 0, error: mailConnectionMessages.wrongPassword },
    ]);
    const sent = await user.post('/api/email/send', draft({ to: mailUser }));
    expect(sent.statusCode).toBe(502);
    expect(sent.json()).toEqual({ error: mailConnectionMessages.wrongPassword });
    for (const body of [res.body, sent.body]) expect(body).not.toContain(wrong);
    expect(await messageCount(user.id)).toBe(0);
  });

  it('stores an HTML message with script and event handlers sanitized', async () => {
    const token = randomUUID();
    const html = `<p onclick="steal()">Hi ${token}</p><script>alert(1)</script><img src="x" onerror="alert(1)">`;
    await sendMail(
      { ...testServer('SMTP', false), password: mailPassword, useSsl: false, authMethod: 'plain' },
      { from: { address: mailUser }, to: [{ address: mailUser }], subject: token, text: `Hi ${token}`, html },
      { allowPrivate: true, ca: mailCa },
    );
    const user = await signUp(t.app, 'jon');
    await addAccount(user, imapAccount());
    await checkAll(user);
    const [item] = await withToken(user, token);
    const detail = (await user.get(`/api/email/messages/${item!.id}`)).json<EmailDetail>();
    expect(detail.html).toContain(`Hi ${token}`);
    expect(detail.html).not.toMatch(/script|onerror|onclick/i);
    expect(detail.text.trim()).toBe(`Hi ${token}`);
  });

  it('checks a due account automatically, fetching its mail, and leaves one that is off', async () => {
    const user = await signUp(t.app, 'kit');
    const token = randomUUID();
    const due = await addAccount(user, pop3Account({ checkEveryMinutes: 5 }));
    const off = await addAccount(user, pop3Account());
    const sent = await user.post('/api/email/send', draft({ accountId: off.id, to: mailUser, subject: token }));
    expect(sent.statusCode, sent.body).toBe(201);
    let fetched = 0;
    for (let round = 0; round < 20; round++) {
      const checks = await runDueChecks(t.app.db, t.app.secrets, t.app.config, { limit: 1000 });
      expect(checks.map((c) => c.accountId)).not.toContain(off.id);
      const ours = checks.find((c) => c.accountId === due.id);
      if (!ours) break;
      expect(ours.error).toBeNull();
      fetched += ours.newMessages;
      // Due at once again, for the next round of this test.
      await t.database.db.update(emailAccounts).set({ nextCheckAt: new Date() }).where(eq(emailAccounts.id, due.id));
      if (ours.newMessages === 0) break;
    }
    expect(fetched).toBeGreaterThan(0);
    expect(await withToken(user, token)).toHaveLength(1);
    expect((await accountRow(off.id)).lastCheckedAt).toBeNull();
  });
});
