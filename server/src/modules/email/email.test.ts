import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDetail, EmailListItem } from '@common/email';
import { mailAttachments, mailMessages, mailRemoteUids } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { storeIncoming, storeSent } from './store';
import { filesUnder, parsedMessage, tempDataDir } from '../../test/mail';

let t: TestApp;
let a: UserClient;
let b: UserClient;
let accountId: string;
let dataDir: string;
let removeDataDir: () => Promise<void>;

const server = { host: 'mail.example.com', port: 995, username: 'me', password: 'a-password-1' };
type Page = { items: EmailListItem[]; nextCursor: string | null };

async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const page = (user: UserClient, query: string) => ok<Page>(user.get(`/api/email/messages?${query}`));
const subjects = (p: Page) => p.items.map((item) => item.subject);

let uid = 0;
async function receive(user: UserClient, account: string, overrides: Parameters<typeof parsedMessage>[0] = {}) {
  const result = await storeIncoming(
    t.database.db,
    dataDir,
    user.id,
    account,
    `uid-${++uid}`,
    parsedMessage(overrides),
  );
  return result.id!;
}

beforeAll(async () => {
  ({ dataDir, remove: removeDataDir } = await tempDataDir());
  t = await buildTestApp({ dataDir });
  a = await signUp(t.app, 'ann');
  b = await signUp(t.app, 'bob');
  accountId = (
    await ok<{ id: string }>(
      a.post('/api/email-accounts', { email: 'ann@example.com', pop3: server, smtp: server }),
      201,
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
  await removeDataDir?.();
});

describe('the folder lists', () => {
  it('pages the inbox newest first by cursor, equal arrival times included', async () => {
    const user = await signUp(t.app, 'pager');
    const account = (
      await ok<{ id: string }>(
        user.post('/api/email-accounts', { email: 'p@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    for (let i = 1; i <= 5; i++) await receive(user, account, { subject: `Paged ${i}` });
    // Three of them arrived in one instant, before the others: the id breaks the tie.
    await t.database.db.execute(sql`update email_messages set received_at = '2000-01-01T00:00:00Z'
      where user_id = ${user.id} and subject in ('Paged 1', 'Paged 2', 'Paged 3')`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: Page = await page(user, `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...subjects(p));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen.slice(0, 2)).toEqual(['Paged 5', 'Paged 4']);
    expect([...seen].sort()).toEqual(['Paged 1', 'Paged 2', 'Paged 3', 'Paged 4', 'Paged 5']);

    // A cursor of another view, or of another user, is refused.
    const first = await page(user, 'limit=1');
    expect((await user.get(`/api/email/messages?folder=trash&cursor=${first.nextCursor}`)).statusCode).toBe(400);
    expect((await a.get(`/api/email/messages?cursor=${first.nextCursor}`)).statusCode).toBe(400);
  });

  it('searches sender, subject and body whatever the case, wildcards matching themselves', async () => {
    await receive(a, accountId, {
      subject: 'Quarterly figures',
      from: { name: 'Olga Finance', address: 'olga@fin.example' },
    });
    await receive(a, accountId, { subject: 'Lunch', text: 'The QUARTERLY lunch is at noon, 100% sure' });
    await receive(a, accountId, { subject: 'Other', text: 'nothing here' });
    expect(subjects(await page(a, 'q=quarterly')).sort()).toEqual(['Lunch', 'Quarterly figures']);
    expect(subjects(await page(a, 'q=OLGA%20fin'))).toEqual(['Quarterly figures']);
    expect(subjects(await page(a, 'q=fin.example'))).toEqual(['Quarterly figures']);
    expect(subjects(await page(a, 'q=100%25'))).toEqual(['Lunch']);
    expect(subjects(await page(a, 'q=10_%25'))).toEqual([]);
  });

  it('stars, reads and moves a message; Starred shows it from any folder but Trash', async () => {
    const id = await receive(a, accountId, { subject: 'To organise' });
    const inbox = await page(a, 'folder=inbox');
    expect(inbox.items.find((item) => item.id === id)).toMatchObject({
      isRead: false,
      isStarred: false,
      folder: 'inbox',
    });

    const changed = await ok<EmailListItem>(a.patch(`/api/email/messages/${id}`, { isRead: true, isStarred: true }));
    expect(changed).toMatchObject({ id, isRead: true, isStarred: true });
    expect(subjects(await page(a, 'folder=starred'))).toContain('To organise');

    await ok(a.patch(`/api/email/messages/${id}`, { folder: 'spam' }));
    expect(subjects(await page(a, 'folder=spam'))).toEqual(['To organise']);
    expect(subjects(await page(a, 'folder=inbox'))).not.toContain('To organise');
    expect(subjects(await page(a, 'folder=starred'))).toContain('To organise');

    await ok(a.patch(`/api/email/messages/${id}`, { folder: 'trash' }));
    expect(subjects(await page(a, 'folder=trash'))).toEqual(['To organise']);
    expect(subjects(await page(a, 'folder=starred'))).not.toContain('To organise');

    await ok(a.patch(`/api/email/messages/${id}`, { folder: 'inbox', isRead: false }));
    expect((await page(a, 'folder=inbox')).items.find((item) => item.id === id)).toMatchObject({ isRead: false });
  });

  it('lists what was sent in Sent, read', async () => {
    await storeSent(t.database.db, dataDir, a.id, accountId, parsedMessage({ subject: 'Sent by Ann' }));
    const sent = await page(a, 'folder=sent');
    expect(sent.items).toEqual([expect.objectContaining({ subject: 'Sent by Ann', direction: 'out', isRead: true })]);
  });

  it('counts the inbox’s unread messages', async () => {
    const user = await signUp(t.app, 'unread');
    const account = (
      await ok<{ id: string }>(
        user.post('/api/email-accounts', { email: 'u@example.com', pop3: server, smtp: server }),
        201,
      )
    ).id;
    expect(await ok(user.get('/api/email/unread'))).toEqual({ count: 0, hasMore: false });
    const ids = [await receive(user, account), await receive(user, account), await receive(user, account)];
    await ok(user.patch(`/api/email/messages/${ids[0]}`, { isRead: true }));
    await ok(user.patch(`/api/email/messages/${ids[1]}`, { folder: 'trash' }));
    expect(await ok(user.get('/api/email/unread'))).toEqual({ count: 1, hasMore: false });
  });

  it('refuses bad queries and bodies with the field’s message', async () => {
    const id = await receive(a, accountId);
    const cases: Array<[Promise<{ statusCode: number; json(): unknown }>, Record<string, string>]> = [
      [a.get('/api/email/messages?folder=archive'), { folder: 'Unknown folder' }],
      [a.get('/api/email/messages?customFolderId=x'), { customFolderId: 'Folder not found' }],
      [
        a.patch(`/api/email/messages/${id}`, { folder: 'sent' }),
        { folder: 'Messages can be moved to Inbox, Spam or Trash' },
      ],
      [a.patch(`/api/email/messages/${id}`, { isRead: 'yes' }), { isRead: 'Must be true or false' }],
      [a.post('/api/email/folders', { name: '  ' }), { name: 'Name is required' }],
      [a.post('/api/email/folders', { name: 'x'.repeat(101) }), { name: 'Name must be at most 100 characters' }],
    ];
    for (const [response, fields] of cases) {
      const res = await response;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields });
    }
  });
});

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

describe('custom folders', () => {
  it('creates, renames, lists and deletes folders; a deleted folder’s messages go back to the Inbox', async () => {
    const work = await ok<{ id: string; name: string }>(a.post('/api/email/folders', { name: '  Work ' }), 201);
    expect(work.name).toBe('Work');
    const taken = await a.post('/api/email/folders', { name: 'WORK' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fields: { name: 'A folder of that name already exists' } });
    const archive = await ok<{ id: string }>(a.post('/api/email/folders', { name: 'archive' }), 201);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/email/folders/${archive.id}`,
      headers: { cookie: a.cookie },
      payload: { name: 'Archive 2030' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/email/folders/${archive.id}`,
      headers: { cookie: a.cookie },
      payload: { name: 'work' },
    });
    expect(clash.json()).toMatchObject({ fields: { name: 'A folder of that name already exists' } });
    expect(await ok(a.get('/api/email/folders'))).toEqual({
      items: [
        { id: archive.id, name: 'Archive 2030' },
        { id: work.id, name: 'Work' },
      ],
    });

    const id = await receive(a, accountId, { subject: 'Filed away' });
    expect(await ok(a.patch(`/api/email/messages/${id}`, { customFolderId: work.id }))).toMatchObject({
      folder: 'inbox',
      customFolderId: work.id,
    });
    expect(subjects(await page(a, `customFolderId=${work.id}`))).toEqual(['Filed away']);
    expect(subjects(await page(a, 'folder=inbox'))).not.toContain('Filed away');

    expect((await a.delete(`/api/email/folders/${work.id}`)).statusCode).toBe(204);
    expect(subjects(await page(a, 'folder=inbox'))).toContain('Filed away');
    expect((await a.get(`/api/email/messages?customFolderId=${work.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/email/folders')).json()).toEqual({ items: [{ id: archive.id, name: 'Archive 2030' }] });
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
