import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmailDetail, EmailListItem, EmailStoredFolder, emailFolders, emailPatchSchema } from '@common/email';
import { EMAIL_UNREAD_CAP, emailFolderMessages } from '@common/email';
import type { Count } from '@common/http';
import type { Db } from '../../db/client';
import { beforeKey, countUpTo, keysetPage } from '../../db/keyset';
import { isoTimestamp } from '../../db/iso-timestamp';
import { visibleTo, type Member } from '../../db/member-scope';
import { contacts, deals, mailAttachments, mailFolders, mailMessageAddresses, mailMessages } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { openStoredFile, removeFiles } from './attachment-files';

// Reading and organising stored mail: folder lists, the reading pane, moves, and the mail beside contacts and deals.
// Every query is scoped by the user; another user's message, folder or attachment is "not found".

/** ISO 8601 in UTC with microseconds: the cursor's sort value (messages stored in one statement share a millisecond). */
const isoKey = (column: typeof mailMessages.receivedAt | typeof mailMessageAddresses.receivedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const listColumns = {
  id: mailMessages.id,
  direction: mailMessages.direction,
  folder: mailMessages.folder,
  customFolderId: mailMessages.customFolderId,
  subject: mailMessages.subject,
  fromName: mailMessages.fromName,
  fromAddress: mailMessages.fromAddress,
  to: mailMessages.to,
  preview: mailMessages.preview,
  receivedAt: isoTimestamp(mailMessages.receivedAt),
  receivedKey: isoKey(mailMessages.receivedAt),
  sentAt: isoTimestamp(mailMessages.sentAt),
  isRead: mailMessages.isRead,
  isStarred: mailMessages.isStarred,
  attachmentCount: mailMessages.attachmentCount,
};
type ListRow = {
  [K in keyof Omit<typeof listColumns, 'receivedKey' | 'receivedAt' | 'sentAt'>]: (typeof mailMessages.$inferSelect)[K];
} & { receivedAt: string; sentAt: string | null; receivedKey: string };

function toListItem(row: Omit<ListRow, 'receivedKey'>): EmailListItem {
  return {
    id: row.id,
    // The columns' checks allow only these.
    direction: row.direction as EmailListItem['direction'],
    folder: row.folder as EmailStoredFolder,
    customFolderId: row.customFolderId,
    subject: row.subject,
    sender: row.fromName || row.fromAddress,
    senderEmail: row.fromAddress,
    to: row.to,
    preview: row.preview,
    timestamp: row.receivedAt,
    sentAt: row.sentAt,
    isRead: row.isRead,
    isStarred: row.isStarred,
    attachmentCount: row.attachmentCount,
    hasAttachments: row.attachmentCount > 0,
  };
}

const ownMessage = (userId: string, id: string) => and(eq(mailMessages.id, id), eq(mailMessages.userId, userId));
const ownFolder = (userId: string, id: string) => and(eq(mailFolders.id, id), eq(mailFolders.userId, userId));

/**
 * The text the search box matches, written exactly as email_messages_search_trgm_idx is, so a selective term is
 * answered by the trigram index; a term too short or too common walks the list's index instead, filtering.
 */
export const emailSearchText = sql`(${mailMessages.fromName} || ' ' || ${mailMessages.fromAddress} || ' ' || ${mailMessages.subject} || ' ' || ${mailMessages.textBody})`;

/** A case-insensitive contains-match over sender, subject and body; LIKE's wildcards in `q` match themselves. */
function containing(q: string | undefined) {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${emailSearchText} ilike ${pattern}`;
}

export type EmailView = { folder: (typeof emailFolders)[number] } | { customFolderId: string };

/** Each view's rows, written as its partial index's predicate so the planner reads that index. */
function viewFilter(userId: string, view: EmailView): SQL {
  if ('customFolderId' in view)
    return and(eq(mailMessages.userId, userId), eq(mailMessages.customFolderId, view.customFolderId))!;
  if (view.folder === 'starred')
    return and(eq(mailMessages.userId, userId), sql`${mailMessages.isStarred} and ${mailMessages.folder} <> 'trash'`)!;
  return and(
    eq(mailMessages.userId, userId),
    eq(mailMessages.folder, view.folder),
    isNull(mailMessages.customFolderId),
  )!;
}

/** The cursor list of a view: a cursor of one view is refused by another. */
export const emailListName = (view: EmailView) =>
  'customFolderId' in view ? `email:folder:${view.customFolderId}` : `email:${view.folder}`;

export interface EmailListQuery {
  view: EmailView;
  limit: number;
  before: CursorKey | null;
  q?: string | undefined;
}

/**
 * The list's query itself, newest first before a position: email_messages_user_folder_received_idx for a folder,
 * email_messages_custom_folder_received_idx for a custom folder, email_messages_user_starred_idx for Starred.
 */
export function listEmailsQuery(db: Db, userId: string, { view, limit, before, q }: EmailListQuery) {
  return db
    .select(listColumns)
    .from(mailMessages)
    .where(and(viewFilter(userId, view), beforeKey(mailMessages.receivedAt, mailMessages.id, before), containing(q)))
    .orderBy(desc(mailMessages.receivedAt), desc(mailMessages.id))
    .limit(limit + 1);
}

/** A page of a folder, a custom folder (404 when it is not the user's) or Starred. */
export async function listEmails(db: Db, userId: string, query: EmailListQuery): Promise<KeysetPage<EmailListItem>> {
  if ('customFolderId' in query.view) await ensureOwnFolder(db, userId, query.view.customFolderId, 404);
  const rows: ListRow[] = await listEmailsQuery(db, userId, query);
  return keysetPage(rows, query.limit, (row) => [row.receivedKey, row.id], toListItem);
}

async function ensureOwnFolder(db: Db, userId: string, folderId: string, status: 404 | 400) {
  const [folder] = await db.select({ id: mailFolders.id }).from(mailFolders).where(ownFolder(userId, folderId));
  if (folder) return;
  if (status === 404) throw notFound();
  throw new AppError(400, emailFolderMessages.notFound, { customFolderId: emailFolderMessages.notFound });
}

/** The inbox's unread messages, counted up to EMAIL_UNREAD_CAP (email_messages_user_inbox_unread_idx). */
export function countUnread(db: Db, userId: string): Promise<Count> {
  return countUpTo(
    db,
    mailMessages,
    and(
      eq(mailMessages.userId, userId),
      sql`not ${mailMessages.isRead} and ${mailMessages.folder} = 'inbox' and ${mailMessages.customFolderId} is null`,
    ),
    EMAIL_UNREAD_CAP,
  );
}

export async function getEmail(db: Db, userId: string, id: string): Promise<EmailDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      accountId: mailMessages.accountId,
      cc: mailMessages.cc,
      text: mailMessages.textBody,
      html: mailMessages.htmlBody,
      hasRemoteImages: mailMessages.hasRemoteImages,
      omittedAttachments: mailMessages.omittedAttachments,
    })
    .from(mailMessages)
    .where(ownMessage(userId, id));
  if (!row) throw notFound();
  const attachments = await db
    .select({ id: mailAttachments.id, name: mailAttachments.filename, size: mailAttachments.size })
    .from(mailAttachments)
    .where(eq(mailAttachments.messageId, id))
    .orderBy(mailAttachments.filename, mailAttachments.id);
  return {
    ...toListItem(row),
    accountId: row.accountId,
    cc: row.cc,
    text: row.text,
    html: row.html,
    hasRemoteImages: row.hasRemoteImages,
    attachments,
    omittedAttachments: row.omittedAttachments,
  };
}

export type EmailChanges = z.output<typeof emailPatchSchema>;

/** Read, starred and a move; a custom folder must be the user's (400 otherwise). Answers the list row. */
export async function updateEmail(db: Db, userId: string, id: string, patch: EmailChanges): Promise<EmailListItem> {
  if (patch.customFolderId) await ensureOwnFolder(db, userId, patch.customFolderId, 400);
  const set = {
    ...(patch.isRead !== undefined ? { isRead: patch.isRead } : {}),
    ...(patch.isStarred !== undefined ? { isStarred: patch.isStarred } : {}),
    ...(patch.folder ? { folder: patch.folder, customFolderId: null } : {}),
    ...(patch.customFolderId ? { folder: 'inbox', customFolderId: patch.customFolderId } : {}),
  };
  const [row] = Object.keys(set).length
    ? await db.update(mailMessages).set(set).where(ownMessage(userId, id)).returning(listColumns)
    : await db.select(listColumns).from(mailMessages).where(ownMessage(userId, id));
  if (!row) throw notFound();
  return toListItem(row);
}

/**
 * Deletes the message for good: its row, addresses and attachments (the files after the commit). The account's
 * remote uid stays, so the message is not fetched again.
 */
export async function deleteEmail(db: Db, dataDir: string, userId: string, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: mailAttachments.storageKey })
      .from(mailAttachments)
      .innerJoin(mailMessages, eq(mailMessages.id, mailAttachments.messageId))
      .where(ownMessage(userId, id));
    const rows = await tx.delete(mailMessages).where(ownMessage(userId, id)).returning({ id: mailMessages.id });
    if (!rows.length) throw notFound();
    return files.map((file) => file.key);
  });
  await removeFiles(dataDir, keys);
}

/** An attachment of one of the user's messages, opened for download; null-safe: a missing file is not found. */
export async function openAttachment(db: Db, dataDir: string, userId: string, messageId: string, attachmentId: string) {
  const [row] = await db
    .select({ name: mailAttachments.filename, key: mailAttachments.storageKey })
    .from(mailAttachments)
    .where(
      and(
        eq(mailAttachments.id, attachmentId),
        eq(mailAttachments.messageId, messageId),
        eq(mailAttachments.userId, userId),
      ),
    );
  const file = row ? await openStoredFile(dataDir, row.key) : null;
  if (!row || !file) throw notFound();
  return { name: row.name, ...file };
}

// --- Mail beside the CRM ---------------------------------------------------------------------------------

/**
 * The messages to or from an address, newest first, but those in Trash: email_message_addresses_user_address_idx
 * gives the order, each message joined by its key.
 */
export function addressEmailsQuery(db: Db, userId: string, address: string, limit: number, before: CursorKey | null) {
  return db
    .select({ ...listColumns, receivedKey: isoKey(mailMessageAddresses.receivedAt) })
    .from(mailMessageAddresses)
    .innerJoin(mailMessages, eq(mailMessages.id, mailMessageAddresses.messageId))
    .where(
      and(
        eq(mailMessageAddresses.userId, userId),
        eq(mailMessageAddresses.address, address.trim().toLowerCase()),
        beforeKey(mailMessageAddresses.receivedAt, mailMessageAddresses.messageId, before),
        ne(mailMessages.folder, 'trash'),
      ),
    )
    .orderBy(desc(mailMessageAddresses.receivedAt), desc(mailMessageAddresses.messageId))
    .limit(limit + 1);
}

async function emailsOfAddress(
  db: Db,
  userId: string,
  address: string | null,
  limit: number,
  before: CursorKey | null,
): Promise<KeysetPage<EmailListItem>> {
  if (!address?.trim()) return { items: [], next: null };
  const rows: ListRow[] = await addressEmailsQuery(db, userId, address, limit, before);
  return keysetPage(rows, limit, (row) => [row.receivedKey, row.id], toListItem);
}

/** The member's mail to or from the contact's e-mail; a contact the member does not see is not found. */
export async function listContactEmails(
  db: Db,
  member: Member,
  contactId: string,
  limit: number,
  before: CursorKey | null,
): Promise<KeysetPage<EmailListItem>> {
  const [contact] = await db
    .select({ email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), visibleTo(contacts, member)));
  if (!contact) throw notFound();
  return emailsOfAddress(db, member.userId, contact.email, limit, before);
}

/** The member's mail of the deal's contact (none without one); a deal the member does not see is not found. */
export async function listDealEmails(
  db: Db,
  member: Member,
  dealId: string,
  limit: number,
  before: CursorKey | null,
): Promise<KeysetPage<EmailListItem>> {
  const [deal] = await db
    .select({ email: contacts.email })
    .from(deals)
    .leftJoin(contacts, and(eq(contacts.id, deals.contactId), eq(contacts.workspaceId, member.workspaceId)))
    .where(and(eq(deals.id, dealId), visibleTo(deals, member)));
  if (!deal) throw notFound();
  return emailsOfAddress(db, member.userId, deal.email, limit, before);
}
