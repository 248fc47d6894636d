import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSendMessages, MAX_FORWARDED_BYTES } from '@common/email';
import type { EmailAccount } from '@common/email-accounts';
import { mailConnectionMessages } from '@common/mail-connection';
import { emailAccounts, mailAttachments, mailMessages } from '../../db/schema';
import { buildCheckApp, checkHelpers, draft, type CheckApp } from '../../test/email-check-kit';
import { signUp } from '../../test/test-app';
import { checkAccount, runDueChecks, storedFolderOf } from './check';

// 'Check Mail', sending and the automatic checks, through the API, with mail servers that refuse at once. The part
// with real mail servers is check-mail-servers.test.ts.

let t: CheckApp;
beforeAll(async () => {
  t = await buildCheckApp();
});
afterAll(() => t?.close());
const { addAccount, check, finished, accountRow, messageCount } = checkHelpers(() => t);

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

  it('waits while another check holds the account (its lease), and checks it once the lease has run out', async () => {
    const user = await signUp(t.app, 'eve');
    const account = await addAccount(user);
    const hold = (until: Date) =>
      t.database.db.update(emailAccounts).set({ checkLeaseUntil: until }).where(eq(emailAccounts.id, account.id));
    await hold(new Date(Date.now() + 60_000));
    const queued = await user.post('/api/email/check', { accountId: account.id });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().accounts).toEqual([expect.objectContaining({ accountId: account.id, state: 'queued' })]);
    // The job comes back each second (the kit's wait) and finds the lease still held.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await user.get('/api/email/check')).json()).toMatchObject({ running: true });
    expect(await accountRow(account.id)).toMatchObject({ lastCheckedAt: null, manualCheckState: 'queued' });

    await hold(new Date(Date.now() - 1000));
    const checked = await finished(user, account.id);
    expect(checked.accounts[0]!.error).toBe(mailConnectionMessages.connectionRefused);
    expect(await accountRow(account.id)).toMatchObject({ checkLeaseUntil: null, manualCheckState: 'failed' });
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
