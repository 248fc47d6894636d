import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailCheckStatus, EmailDetail, EmailListItem } from '@common/email';
import type { EmailAccountInput } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { emailAccounts, emailImapFolders, mailMessages } from '../../db/schema';
import {
  buildCheckApp,
  checkHelpers,
  configured,
  draft,
  mailCa,
  mailPassword,
  mailUser,
  testServer,
  type CheckApp,
} from '../../test/email-check-kit';
import { signUp, type UserClient } from '../../test/test-app';
import { runDueChecks } from './check';
import { fetchPop3 } from './pop3';
import { sendMail } from './smtp';

// 'Check Mail', sending and the automatic checks, through the API, with real mail servers (Dovecot and the SMTP
// server of scripts/mail-servers.sh, which CI starts) and the second test mailbox; each test's messages carry a token
// of their own, as other runs may share the mailbox.

const mailTitle = configured
  ? 'checking and sending with mail servers'
  : 'checking and sending with mail servers (skipped: MAIL_TEST_HOST is unset; start them with scripts/mail-servers.sh)';

let t: CheckApp;
beforeAll(async () => {
  t = await buildCheckApp();
});
afterAll(() => t?.close());
const { addAccount, check, accountRow, messageCount } = checkHelpers(() => t);

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
    const result = await check(user);
    expect(result.accounts).toEqual([
      { accountId: account.id, email: mailUser, newMessages: 0, error: mailConnectionMessages.wrongPassword },
    ]);
    const res = await user.get('/api/email/check');
    expect(res.json<EmailCheckStatus>().accounts[0]).toMatchObject({ state: 'failed' });
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
