import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { emailDirections, emailStoredFolders } from '../../../../common/email';
import { isNotBlank, isOneOf } from './check-helpers';
import { createdAtColumn, idColumn, ownerColumn } from './columns';
import { emailAccounts } from './email';

// Stored mail (issue 15): what POP3/IMAP fetched and what the user sent, their folders and attachments, and where
// fetching stopped (the email area writes all of these; the accounts themselves are in email.ts).
// Named mail* here: `emailMessages` and `emailFolders` are the screens' words in common/email.ts.

/** An e-mail address as a message's header names it. */
export interface StoredAddress {
  name: string;
  address: string;
}

export const mailFolders = pgTable(
  'email_folders',
  {
    id: idColumn(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('email_folders_name_not_blank', isNotBlank(t.name)),
    check('email_folders_name_length', sql`length(${t.name}) <= 100`),
    // One folder of a name per user, whatever its case; also the folder list's order.
    uniqueIndex('email_folders_user_name_unique').on(t.userId, sql`lower(${t.name})`),
  ],
);

/** An attachment the message had and the app did not keep. */
export interface OmittedAttachment {
  name: string;
  size: number;
}

export const mailMessages = pgTable(
  'email_messages',
  {
    id: idColumn(),
    userId: ownerColumn(),
    /** Mail stays when its account goes. */
    accountId: uuid('account_id').references(() => emailAccounts.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    folder: text('folder').notNull().default('inbox'),
    customFolderId: uuid('custom_folder_id').references(() => mailFolders.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    /** The Message-ID header, when the message has one. */
    messageId: text('message_id'),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    to: jsonb('to').$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredAddress[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    /** The Date header, when the message has a valid one. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    preview: text('preview').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    /** Sanitized by the parser before it is stored; null for a text-only message. */
    htmlBody: text('html_body'),
    hasRemoteImages: boolean('has_remote_images').notNull().default(false),
    /** Written with the message (its attachments never change), so a list row needs no count. */
    attachmentCount: integer('attachment_count').notNull().default(0),
    /** Attachments over the size kept: named in the reading pane, so the reader knows something is missing. */
    omittedAttachments: jsonb('omitted_attachments').$type<OmittedAttachment[]>().notNull().default([]),
  },
  (t) => [
    check('email_messages_direction_check', isOneOf(t.direction, emailDirections)),
    check('email_messages_folder_check', isOneOf(t.folder, emailStoredFolders)),
    check('email_messages_custom_folder_in_inbox', sql`${t.customFolderId} is null or ${t.folder} = 'inbox'`),
    // A message fetched again (another account, another folder, a second uid) is stored once; a copy of a message
    // the user sent is still stored as incoming.
    uniqueIndex('email_messages_user_message_id_unique')
      .on(t.userId, t.messageId)
      .where(sql`${t.direction} = 'in' and ${t.messageId} is not null`),
    // The folder lists (inbox, sent, spam, trash), newest first.
    index('email_messages_user_folder_received_idx')
      .on(t.userId, t.folder, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.customFolderId} is null`),
    // A custom folder's list, newest first; also behind the SET NULL when the folder goes.
    index('email_messages_custom_folder_received_idx')
      .on(t.customFolderId, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.customFolderId} is not null`),
    // Starred: starred messages of any folder but trash, newest first.
    index('email_messages_user_starred_idx')
      .on(t.userId, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isStarred} and ${t.folder} <> 'trash'`),
    // The inbox's unread count.
    index('email_messages_user_inbox_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead} and ${t.folder} = 'inbox' and ${t.customFolderId} is null`),
    // Behind the SET NULL when an account goes.
    index('email_messages_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    // The search box: sender, subject and body together (see emailSearchText).
    index('email_messages_search_trgm_idx').using(
      'gin',
      sql`(${t.fromName} || ' ' || ${t.fromAddress} || ' ' || ${t.subject} || ' ' || ${t.textBody}) gin_trgm_ops`,
    ),
  ],
);

/** Every from, to and cc address of a message, lower-cased: the mail beside a contact and its deals. */
export const mailMessageAddresses = pgTable(
  'email_message_addresses',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    address: text('address').notNull(),
    /** The message's, copied so a contact's mail is read newest first from this index alone. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'email_message_addresses_pk', columns: [t.messageId, t.address] }),
    index('email_message_addresses_user_address_idx').on(
      t.userId,
      t.address,
      t.receivedAt.desc().nullsFirst(),
      t.messageId.desc().nullsFirst(),
    ),
  ],
);

export const mailAttachments = pgTable(
  'email_attachments',
  {
    id: idColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    filename: text('filename').notNull(),
    /** As the message declared it: shown, never trusted (downloads are application/octet-stream). */
    declaredType: text('declared_type').notNull(),
    size: integer('size').notNull(),
    /** The file under DATA_DIR: attachments/<userId>/<attachmentId>. */
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    check('email_attachments_size_check', sql`${t.size} >= 0`),
    index('email_attachments_message_idx').on(t.messageId),
  ],
);

/**
 * Every POP3 UIDL and IMAP `folder:uidvalidity:uid` ever stored for an account, kept when the user deletes the
 * message for good, so it is never fetched again.
 */
export const mailRemoteUids = pgTable(
  'email_remote_uids',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
  },
  (t) => [primaryKey({ name: 'email_remote_uids_pk', columns: [t.accountId, t.uid] })],
);

/** Where fetching stopped in each IMAP folder of an account: UIDs mean something only under their UIDVALIDITY. */
export const emailImapFolders = pgTable(
  'email_imap_folders',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    // Both are unsigned 32-bit numbers in IMAP: past integer's range.
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'email_imap_folders_pk', columns: [t.accountId, t.path] })],
);
