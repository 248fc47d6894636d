import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailAttachments, mailMessageAddresses, mailMessages, mailRemoteUids } from '../../db/schema';
import type { EmailStoredFolder } from '@common/email';
import { attachmentKeyOf, writePending, type PendingFile } from './attachment-files';
import type { ParsedAddress, ParsedAttachment, ParsedEmail } from './parse';

// Storing mail: a fetched message once however often it is fetched, a sent one in Sent. Each message is one
// transaction with its addresses and attachments, so a fetch that dies halfway loses nothing already stored and
// leaves nothing half-stored.

export const PREVIEW_LENGTH = 200;

/** PostgreSQL text and jsonb cannot hold NUL, which a message may carry. */
const clean = (text: string) => text.replaceAll('\u0000', '');
const cleanAddress = (a: ParsedAddress): ParsedAddress => ({
  name: clean(a.name).trim(),
  address: clean(a.address).trim(),
});

/** The list's one line: the text with its whitespace collapsed, or the HTML's text when there is no text part. */
export function previewOf(text: string, html: string | null): string {
  const source = text.trim() ? text : (html ?? '').replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  const plain = source === text ? source : source.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
  return clean(plain).replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

/**
 * The distinct addresses a message names (from, to, cc), lower-cased: its rows in email_message_addresses. One
 * longer than an e-mail address can be (and a contact's) is left out of that index.
 */
function addressesOf(parsed: ParsedEmail): string[] {
  const all = [parsed.from, ...parsed.to, ...parsed.cc].map((a) => clean(a.address).trim().toLowerCase());
  return [...new Set(all.filter((address) => address && address.length <= 254))];
}

/** A Date header PostgreSQL can store (years 1–9999 as the drivers write them), else none. */
const storableDate = (date: Date | null) => {
  const year = date?.getUTCFullYear() ?? NaN;
  return year >= 1 && year <= 9999 ? date : null;
};

/** Real Message-IDs are far shorter; 500 characters of any kind fit the unique index's row limit (2,704 bytes). */
const MAX_MESSAGE_ID_LENGTH = 500;

interface Placement {
  userId: string;
  accountId: string | null;
  direction: 'in' | 'out';
  folder: EmailStoredFolder;
  isRead: boolean;
}

/** The message row; null when it is an incoming copy of a Message-ID the user has already. */
async function insertMessage(tx: Tx, placement: Placement, parsed: ParsedEmail): Promise<string | null> {
  const insert = tx.insert(mailMessages).values({
    ...placement,
    messageId:
      clean(parsed.messageId ?? '')
        .trim()
        .slice(0, MAX_MESSAGE_ID_LENGTH) || null,
    fromName: cleanAddress(parsed.from).name,
    fromAddress: cleanAddress(parsed.from).address,
    to: parsed.to.map(cleanAddress),
    cc: parsed.cc.map(cleanAddress),
    subject: clean(parsed.subject),
    sentAt: storableDate(parsed.date),
    preview: previewOf(parsed.text, parsed.html),
    textBody: clean(parsed.text),
    htmlBody: parsed.html === null ? null : clean(parsed.html),
    hasRemoteImages: parsed.hasRemoteImages,
    attachmentCount: parsed.attachments.length,
    omittedAttachments: parsed.omittedAttachments.map((a) => ({ name: clean(a.filename), size: a.size })),
  });
  const [row] = await (
    placement.direction === 'in'
      ? insert.onConflictDoNothing({
          target: [mailMessages.userId, mailMessages.messageId],
          where: sql`direction = 'in' and message_id is not null`,
        })
      : insert
  ).returning({
    id: mailMessages.id,
    // With its microseconds (a Date keeps milliseconds): the address rows' copy must equal it for the paging.
    receivedAt: sql<string>`${mailMessages.receivedAt}::text`,
  });
  if (!row) return null;
  const addresses = addressesOf(parsed);
  if (addresses.length)
    await tx.insert(mailMessageAddresses).values(
      addresses.map((address) => ({
        messageId: row.id,
        userId: placement.userId,
        address,
        receivedAt: sql`${row.receivedAt}::timestamptz`,
      })),
    );
  return row.id;
}

/** The attachments' rows, their files written under temporary names into `pending` (placed before commit). */
async function insertAttachments(
  tx: Tx,
  dataDir: string,
  userId: string,
  messageId: string,
  attachments: ParsedAttachment[],
  pending: PendingFile[],
) {
  for (const attachment of attachments) {
    const id = randomUUID();
    const storageKey = attachmentKeyOf(userId, id);
    pending.push(await writePending(dataDir, storageKey, attachment.content));
    await tx.insert(mailAttachments).values({
      id,
      messageId,
      userId,
      filename: clean(attachment.filename).trim() || 'attachment',
      declaredType: clean(attachment.declaredType).trim() || 'application/octet-stream',
      size: attachment.size,
      storageKey,
    });
  }
}

/**
 * Runs `work` in a transaction whose files are written beside their place, moved there just before the commit,
 * and removed when anything fails (the commit included).
 */
async function withFiles<T>(db: Db, work: (tx: Tx, pending: PendingFile[]) => Promise<T>): Promise<T> {
  const pending: PendingFile[] = [];
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx, pending);
      for (const file of pending) await file.place();
      return result;
    });
  } catch (error) {
    await Promise.all(pending.map((file) => file.discard()));
    throw error;
  }
}

export interface StoreResult {
  stored: boolean;
  id?: string;
}

/** Where a fetched message goes: the inbox, unread, unless its server's folder and flags say otherwise (IMAP). */
export interface IncomingPlacement {
  folder?: 'inbox' | 'spam' | 'trash';
  isRead?: boolean;
}

/**
 * Stores a fetched message once. The account's remote uid comes first: seen before, nothing is stored. A new uid
 * of a Message-ID the user already has is remembered (never fetched again) but stores no second copy.
 */
export function storeIncoming(
  db: Db,
  dataDir: string,
  userId: string,
  accountId: string,
  remoteUid: string,
  parsed: ParsedEmail,
  { folder = 'inbox', isRead = false }: IncomingPlacement = {},
): Promise<StoreResult> {
  return withFiles(db, async (tx, pending) => {
    const [uid] = await tx
      .insert(mailRemoteUids)
      .values({ accountId, uid: remoteUid })
      .onConflictDoNothing()
      .returning({ uid: mailRemoteUids.uid });
    if (!uid) return { stored: false };
    const id = await insertMessage(tx, { userId, accountId, direction: 'in', folder, isRead }, parsed);
    if (!id) return { stored: false };
    await insertAttachments(tx, dataDir, userId, id, parsed.attachments, pending);
    return { stored: true, id };
  });
}

/** Stores a message the user sent, read, in Sent. */
export function storeSent(
  db: Db,
  dataDir: string,
  userId: string,
  accountId: string | null,
  parsed: ParsedEmail,
): Promise<{ stored: true; id: string }> {
  return withFiles(db, async (tx, pending) => {
    const id = await insertMessage(tx, { userId, accountId, direction: 'out', folder: 'sent', isRead: true }, parsed);
    if (!id) throw new Error('a sent message was not stored');
    await insertAttachments(tx, dataDir, userId, id, parsed.attachments, pending);
    return { stored: true as const, id };
  });
}
