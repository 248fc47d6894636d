import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDetail } from '@common/email';
import { mailAttachments, mailMessages, mailRemoteUids } from '../../db/schema';
import { filesUnder, parsedMessage } from '../../test/mail';
import { ok, openMailbox, page, receiver, server, subjects, type Mailbox, type Page } from '../../test/mailbox-kit';
import type { UserClient } from '../../test/test-app';
import { storeIncoming, storeSent } from './store';

// A message in the mailbox: read with its attachments, deleted for good, listed beside its contact and deals, and
// nothing of it shown to another user. The folder lists and the user's own folders: email-folders.test.ts.

let t: Mailbox;
let a: UserClient;
let b: UserClient;
let accountId: string;
let dataDir: string;
beforeAll(async () => {
  t = await openMailbox();
  ({ a, b, accountId, dataDir } = t);
});
afterAll(() => t?.close());
const receive = receiver(() => t);

describe('the reading pane and attachments', () => {
  it('shows the message with its recipients, bodies, attachments and those too large to keep', async () => {
    const id = await receive(a, accountId, {
      subject: 'Read me',
      to: [{ name: 'Ann', address: 'ann@example.com' }],
      cc: [{ name: 'Carl', address: 'carl@example.com' }],
      text: 'Plain words',
      html: '<p>Plain words</p>',
      hasRemoteImages: true,
      attachments: [{ filename: 'a.pdf', declaredType: 'application/pdf', size: 3, content: Buffer.from('pdf') }],
      omittedAttachments: [{ filename: 'video\u0000.mp4', declaredType: 'video/mp4', size: 31_000_000 }],
    });
    const detail = await ok<EmailDetail>(a.get(`/api/email/messages/${id}`));
    expect(detail).toMatchObject({
      id,
      subject: 'Read me',
      accountId,
      sender: 'Sender',
      senderEmail: 'sender@example.com',
      to: [{ name: 'Ann', address: 'ann@example.com' }],
      cc: [{ name: 'Carl', address: 'carl@example.com' }],
      text: 'Plain words',
      html: '<p>Plain words</p>',
      hasRemoteImages: true,
      attachmentCount: 1,
      hasAttachments: true,
      attachments: [{ id: expect.any(String), name: 'a.pdf', size: 3 }],
      omittedAttachments: [{ name: 'video.mp4', size: 31_000_000 }],
    });
  });

  it('downloads an attachment as bytes, never as its declared type, its name encoded', async () => {
    const name = 'Rapport "final" – été.html';
    const id = await receive(a, accountId, {
      attachments: [
        { filename: name, declaredType: 'text/html', size: 22, content: Buffer.from('<script>x()</script>') },
      ],
    });
    const { attachments } = await ok<EmailDetail>(a.get(`/api/email/messages/${id}`));
    const res = await a.get(`/api/email/messages/${id}/attachments/${attachments[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Rapport _final_ _ _t_.html"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.body).toBe('<script>x()</script>');
    // The attachment of another message is not found under this one.
    const other = await receive(a, accountId);
    expect((await a.get(`/api/email/messages/${other}/attachments/${attachments[0]!.id}`)).statusCode).toBe(404);
  });

  it('deletes a message for good with its files, keeping its uid so it is not fetched again', async () => {
    const parsed = parsedMessage({
      subject: 'Gone for good',
      attachments: [{ filename: 'x.bin', declaredType: 'application/x', size: 1, content: Buffer.from('x') }],
    });
    const { id } = await storeIncoming(t.database.db, dataDir, a.id, accountId, 'gone-1', parsed);
    const [file] = await t.database.db.select().from(mailAttachments).where(eq(mailAttachments.messageId, id!));
    expect(await filesUnder(dataDir)).toContain(file!.storageKey);

    expect((await a.delete(`/api/email/messages/${id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/email/messages/${id}`)).statusCode).toBe(404);
    expect(await filesUnder(dataDir)).not.toContain(file!.storageKey);
    expect(await t.database.db.select().from(mailRemoteUids).where(eq(mailRemoteUids.uid, 'gone-1'))).toHaveLength(1);
    expect(await storeIncoming(t.database.db, dataDir, a.id, accountId, 'gone-1', parsed)).toEqual({ stored: false });
    expect((await a.delete(`/api/email/messages/${id}`)).statusCode).toBe(404);
  });

  it('keeps the mail when its account is removed', async () => {
    const account = (
      await ok<{ id: string }>(
        a.post('/api/email-accounts', { email: 'old@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    const id = await receive(a, account, { subject: 'From an old account' });
    expect((await a.delete(`/api/email-accounts/${account}`)).statusCode).toBe(204);
    expect(await ok<EmailDetail>(a.get(`/api/email/messages/${id}`))).toMatchObject({ accountId: null });
  });
});

describe('mail beside contacts and deals', () => {
  it('lists the messages to or from the contact’s e-mail, newest first, on the contact and its deals', async () => {
    const contact = await ok<{ id: string }>(a.post('/api/contacts', { name: 'Dora', email: 'Dora@Example.com' }), 201);
    const pipeline = await ok<{ id: string }>(a.post('/api/pipelines', { name: 'Mail pipeline' }), 201);
    const deal = await ok<{ id: string }>(
      a.post('/api/deals', { name: 'Dora deal', pipelineId: pipeline.id, stage: 'Lead', contactId: contact.id }),
      201,
    );
    const bare = await ok<{ id: string }>(
      a.post('/api/deals', { name: 'No contact', pipelineId: pipeline.id, stage: 'Lead' }),
      201,
    );
    await receive(a, accountId, { subject: 'From Dora', from: { name: 'Dora', address: 'dora@example.com' } });
    await storeSent(
      t.database.db,
      dataDir,
      a.id,
      accountId,
      parsedMessage({ subject: 'To Dora', to: [{ name: '', address: 'DORA@example.com' }] }),
    );
    await receive(a, accountId, { subject: 'Cc Dora', cc: [{ name: '', address: 'dora@example.com' }] });
    const trashed = await receive(a, accountId, {
      subject: 'Trashed Dora',
      from: { name: '', address: 'dora@example.com' },
    });
    await ok(a.patch(`/api/email/messages/${trashed}`, { folder: 'trash' }));
    await receive(a, accountId, { subject: 'Not Dora' });
    // Bob's mail from the same address is Bob's.
    const bobAccount = (
      await ok<{ id: string }>(
        b.post('/api/email-accounts', { email: 'bob@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    await receive(b, bobAccount, { subject: 'Bob hears from Dora', from: { name: '', address: 'dora@example.com' } });

    const first = await ok<Page>(a.get(`/api/contacts/${contact.id}/emails?limit=2`));
    expect(subjects(first)).toEqual(['Cc Dora', 'To Dora']);
    const second = await ok<Page>(a.get(`/api/contacts/${contact.id}/emails?limit=2&cursor=${first.nextCursor}`));
    expect(second).toMatchObject({ nextCursor: null });
    expect(subjects(second)).toEqual(['From Dora']);
    expect(subjects(await ok<Page>(a.get(`/api/deals/${deal.id}/emails`)))).toEqual([
      'Cc Dora',
      'To Dora',
      'From Dora',
    ]);
    expect(await ok(a.get(`/api/deals/${bare.id}/emails`))).toEqual({ items: [], nextCursor: null });
    // A contact's cursor is no deal's.
    expect((await a.get(`/api/deals/${deal.id}/emails?limit=2&cursor=${first.nextCursor}`)).statusCode).toBe(400);
  });
});

describe('another user', () => {
  it('gets 404 for every message, attachment, folder, contact and deal of Ann’s, and sees none in lists', async () => {
    const id = await receive(a, accountId, {
      subject: 'Ann only',
      from: { name: '', address: 'secret@example.com' },
      attachments: [{ filename: 's.txt', declaredType: 'text/plain', size: 1, content: Buffer.from('s') }],
    });
    const { attachments } = await ok<EmailDetail>(a.get(`/api/email/messages/${id}`));
    const folder = await ok<{ id: string }>(a.post('/api/email/folders', { name: 'Ann private' }), 201);
    await ok(a.patch(`/api/email/messages/${id}`, { customFolderId: folder.id, isStarred: true }));
    const contact = await ok<{ id: string }>(
      a.post('/api/contacts', { name: 'Secret', email: 'secret@example.com' }),
      201,
    );
    const pipeline = await ok<{ id: string }>(a.post('/api/pipelines', { name: 'Ann pipeline' }), 201);
    const deal = await ok<{ id: string }>(
      a.post('/api/deals', { name: 'Ann deal', pipelineId: pipeline.id, stage: 'Lead', contactId: contact.id }),
      201,
    );
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie: b.cookie }, payload });

    for (const res of await Promise.all([
      b.get(`/api/email/messages/${id}`),
      b.patch(`/api/email/messages/${id}`, { isRead: true }),
      b.delete(`/api/email/messages/${id}`),
      b.get(`/api/email/messages/${id}/attachments/${attachments[0]!.id}`),
      b.get(`/api/email/messages?customFolderId=${folder.id}`),
      put(`/api/email/folders/${folder.id}`, { name: 'Hijacked' }),
      b.delete(`/api/email/folders/${folder.id}`),
      b.get(`/api/contacts/${contact.id}/emails`),
      b.get(`/api/deals/${deal.id}/emails`),
    ])) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Ann only');
    }
    // Bob may not file his own message in Ann's folder.
    const bobAccount = (
      await ok<{ id: string }>(
        b.post('/api/email-accounts', { email: 'b2@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    const own = await receive(b, bobAccount, { subject: 'Bob own' });
    const filed = await b.patch(`/api/email/messages/${own}`, { customFolderId: folder.id });
    expect(filed.statusCode).toBe(400);
    expect(filed.json()).toMatchObject({ fields: { customFolderId: 'Folder not found' } });

    for (const view of ['inbox', 'starred', 'spam', 'trash', 'sent'])
      expect(subjects(await page(b, `folder=${view}&q=Ann`))).toEqual([]);
    expect((await ok<{ items: unknown[] }>(b.get('/api/email/folders'))).items).toEqual([]);

    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ isRead: false, isStarred: true, customFolderId: folder.id });
    expect((await a.get(`/api/email/messages/${id}/attachments/${attachments[0]!.id}`)).body).toBe('s');
  });
});
