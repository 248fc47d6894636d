import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailListItem } from '@common/email';
import { parsedMessage } from '../../test/mail';
import { ok, openMailbox, page, receiver, server, subjects, type Mailbox, type Page } from '../../test/mailbox-kit';
import { signUp, type UserClient } from '../../test/test-app';
import { storeSent } from './store';

// The mailbox's lists: the folders (paged, searched, counted, a message starred, read and moved) and the user's own
// folders. A message read, its attachments, mail beside contacts and deals, and another user: email-messages.test.ts.

let t: Mailbox;
let a: UserClient;
let accountId: string;
let dataDir: string;
beforeAll(async () => {
  t = await openMailbox();
  ({ a, accountId, dataDir } = t);
});
afterAll(() => t?.close());
const receive = receiver(() => t);

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
