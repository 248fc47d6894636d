import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAttachments, mailMessageAddresses, mailMessages, mailRemoteUids } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { previewOf, storeIncoming, storeSent } from './store';
import { filesUnder, parsedMessage, tempDataDir } from '../../test/mail';

let t: TestApp;
let user: UserClient;
let accountId: string;
let dataDir: string;
let removeDataDir: () => Promise<void>;

const server = { host: 'mail.example.com', port: 995, username: 'me', password: 'a-password-1' };
const db = () => t.database.db;
const messagesOf = (userId: string) => db().select().from(mailMessages).where(eq(mailMessages.userId, userId));

beforeAll(async () => {
  ({ dataDir, remove: removeDataDir } = await tempDataDir());
  t = await buildTestApp({ dataDir });
  user = await signUp(t.app, 'store');
  const res = await user.post('/api/email-accounts', { email: 'me@example.com', pop3: server, smtp: server });
  expect(res.statusCode, res.body).toBe(201);
  accountId = res.json().id;
});
afterAll(async () => {
  await t?.close();
  await removeDataDir?.();
});

describe('storing fetched mail', () => {
  it('stores a message once when the same remote uid comes twice', async () => {
    const parsed = parsedMessage({ subject: 'Twice by uid' });
    const first = await storeIncoming(db(), dataDir, user.id, accountId, 'uidl-twice', parsed);
    const second = await storeIncoming(db(), dataDir, user.id, accountId, 'uidl-twice', parsed);
    expect(first).toEqual({ stored: true, id: expect.any(String) });
    expect(second).toEqual({ stored: false });
    const rows = (await messagesOf(user.id)).filter((row) => row.subject === 'Twice by uid');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'in', folder: 'inbox', isRead: false, accountId });
  });

  it('stores one copy of a Message-ID fetched under two uids, and remembers both uids', async () => {
    const parsed = parsedMessage({ subject: 'Twice by Message-ID' });
    expect((await storeIncoming(db(), dataDir, user.id, accountId, 'INBOX:1:7', parsed)).stored).toBe(true);
    expect(await storeIncoming(db(), dataDir, user.id, accountId, 'pop-7', parsed)).toEqual({ stored: false });
    expect((await messagesOf(user.id)).filter((row) => row.subject === 'Twice by Message-ID')).toHaveLength(1);
    const uids = await db().select().from(mailRemoteUids).where(eq(mailRemoteUids.accountId, accountId));
    expect(uids.map((row) => row.uid)).toEqual(expect.arrayContaining(['INBOX:1:7', 'pop-7']));
  });

  it('keeps messages without a Message-ID apart by their uids', async () => {
    for (const uid of ['no-id-1', 'no-id-2'])
      await storeIncoming(db(), dataDir, user.id, accountId, uid, parsedMessage({ messageId: null, subject: 'No id' }));
    expect((await messagesOf(user.id)).filter((row) => row.subject === 'No id')).toHaveLength(2);
  });

  it('stores the incoming copy of a message the user sent beside the sent one', async () => {
    const parsed = parsedMessage({ subject: 'Sent to myself' });
    const sent = await storeSent(db(), dataDir, user.id, accountId, parsed);
    const received = await storeIncoming(db(), dataDir, user.id, accountId, 'self-1', parsed);
    expect(received.stored).toBe(true);
    const rows = (await messagesOf(user.id)).filter((row) => row.subject === 'Sent to myself');
    expect(rows.map((row) => [row.direction, row.folder, row.isRead]).sort()).toEqual([
      ['in', 'inbox', false],
      ['out', 'sent', true],
    ]);
    expect(rows.find((row) => row.direction === 'out')!.id).toBe(sent.id);
  });

  it('stores the addresses lower-cased once each, and the attachments as files under the data folder', async () => {
    const parsed = parsedMessage({
      subject: 'With files',
      from: { name: 'Zoë', address: 'Zoe@Example.com' },
      to: [{ name: '', address: 'ME@example.com' }],
      cc: [{ name: 'Zoë again', address: 'zoe@example.com' }],
      attachments: [
        { filename: 'notes.txt', declaredType: 'text/plain', size: 5, content: Buffer.from('notes') },
        { filename: 'page.html', declaredType: 'text/html', size: 9, content: Buffer.from('<b>hi</b>') },
      ],
    });
    const { id } = await storeIncoming(db(), dataDir, user.id, accountId, 'files-1', parsed);
    const addresses = await db().select().from(mailMessageAddresses).where(eq(mailMessageAddresses.messageId, id!));
    expect(addresses.map((row) => row.address).sort()).toEqual(['me@example.com', 'zoe@example.com']);
    const attachments = await db().select().from(mailAttachments).where(eq(mailAttachments.messageId, id!));
    expect(attachments).toHaveLength(2);
    for (const attachment of attachments) {
      expect(attachment.storageKey).toBe(`attachments/${user.id}/${attachment.id}`);
      const bytes = await readFile(path.join(dataDir, attachment.storageKey), 'utf8');
      expect(bytes).toBe(attachment.filename === 'notes.txt' ? 'notes' : '<b>hi</b>');
    }
    expect((await filesUnder(dataDir)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves nothing, not even the uid or a file, when storing fails halfway', async () => {
    const before = await filesUnder(dataDir);
    const parsed = parsedMessage({
      subject: 'Fails halfway',
      attachments: [
        { filename: 'first.txt', declaredType: 'text/plain', size: 5, content: Buffer.from('first') },
        // The database refuses this row after the first file was written.
        { filename: 'second.txt', declaredType: 'text/plain', size: -1, content: Buffer.from('second') },
      ],
    });
    await expect(storeIncoming(db(), dataDir, user.id, accountId, 'halfway-1', parsed)).rejects.toThrow();
    expect((await messagesOf(user.id)).filter((row) => row.subject === 'Fails halfway')).toEqual([]);
    const uids = await db().select().from(mailRemoteUids).where(eq(mailRemoteUids.uid, 'halfway-1'));
    expect(uids).toEqual([]);
    expect(await filesUnder(dataDir)).toEqual(before);

    // The next fetch stores it whole.
    const retried = await storeIncoming(db(), dataDir, user.id, accountId, 'halfway-1', {
      ...parsed,
      attachments: parsed.attachments.map((a) => ({ ...a, size: a.content.length })),
    });
    expect(retried.stored).toBe(true);
    expect((await filesUnder(dataDir)).length).toBe(before.length + 2);
  });

  it('stores a message whose headers a database cannot hold as they are', async () => {
    const { id } = await storeIncoming(
      db(),
      dataDir,
      user.id,
      accountId,
      'odd-headers-1',
      parsedMessage({
        messageId: `<${'é'.repeat(5000)}@example.com>`,
        date: new Date('+275760-09-13T00:00:00Z'),
        from: { name: 'Long', address: `${'a'.repeat(3000)}@example.com` },
      }),
    );
    const [row] = await db().select().from(mailMessages).where(eq(mailMessages.id, id!));
    expect(row).toMatchObject({ sentAt: null });
    expect(row!.messageId).toHaveLength(500);
    const addresses = await db().select().from(mailMessageAddresses).where(eq(mailMessageAddresses.messageId, id!));
    expect(addresses.map((a) => a.address)).toEqual(['me@example.com']);
  });

  it('stores text a database cannot hold (NUL) without it, and a preview of the text or the HTML', async () => {
    const { id } = await storeIncoming(
      db(),
      dataDir,
      user.id,
      accountId,
      'nul-1',
      parsedMessage({ subject: 'A\u0000B', text: '', html: '<style>p{}</style><p>Hello\n   <b>there</b></p>' }),
    );
    const [row] = await db().select().from(mailMessages).where(eq(mailMessages.id, id!));
    expect(row).toMatchObject({ subject: 'AB', preview: 'Hello there', textBody: '' });
    expect(previewOf(`  one\n\ntwo ${'x'.repeat(300)}`, null)).toHaveLength(200);
  });
});
