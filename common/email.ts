import { z } from 'zod';
import { emailCheckStates } from './constants';
import { pageOf, pageQuerySchema } from './http';

/** The folders of the email screens (part 1 §9); inbox is the default. */
export const emailFolders = ['inbox', 'sent', 'spam', 'trash', 'starred'] as const;
export type EmailFolder = (typeof emailFolders)[number];
export const emailFolderLabels: Record<EmailFolder, string> = {
  inbox: 'Inbox',
  sent: 'Sent',
  spam: 'Spam',
  trash: 'Trash',
  starred: 'Starred',
};

export const emailMessages = {
  searchPlaceholder: 'Search emails...',
  checkMail: 'Check Mail',
  checking: 'Checking for new emails...',
  // Beyond the spec: 'Check Mail' runs in the background, account by account.
  checkingAccount: (email: string) => `Checking ${email}…`,
  waitingAccount: (email: string) => `${email}: waiting`,
  newMessages: (count: number) => (count === 1 ? '1 new message' : `${count} new messages`),
  accountOutcome: (email: string, outcome: string) => `${email}: ${outcome}`,
  checkFailed: 'Failed to check for new emails',
  checkProgress: 'Mail check progress',
  compose: 'Compose',
  customFolders: 'Custom Folders',
  noCustomFolders: 'No custom folders yet',
  empty: 'No emails found',
  toMe: 'to me',
  newMessage: 'New Message',
  toRequired: 'To is required',
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  addressInvalid: 'Please enter a valid email address',
  // Beyond the spec: nothing chosen in the reading pane.
  noneSelected: 'Select an email to read it',
} as const;

const address = z.email(emailMessages.addressInvalid);

/** The addresses of a To, Cc or Bcc field: separated by commas, blanks left out. */
export const splitAddresses = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Cc and Bcc: empty, or valid addresses separated by commas. */
const addressList = z
  .string()
  .trim()
  .refine((value) => value === '' || value.split(',').every((part) => address.safeParse(part.trim()).success), {
    message: emailMessages.addressInvalid,
  });

/** 'Check Mail' and sending (issue 15): what the server answers besides the mail servers' own reasons. */
export const emailSendMessages = {
  noAccount: 'Add an email account first',
  accountNotFound: 'Email account not found',
  replyNotFound: 'The message you reply to was not found',
  /** The stored password was sealed under another SECRET_KEY. */
  passwordUnreadable: 'The saved mail password can no longer be read: enter it again in Email Settings',
  storeFailed: 'The new messages could not be stored. Please try again.',
  /** A server started without its job queue (only tests do). */
  checkUnavailable: 'Checking for new emails is not available right now',
  tooManyRecipients: 'At most 100 recipients',
  attachmentNotFound: 'An attachment to forward was not found',
  attachmentsTooLarge: 'The attachments to forward are too large: at most 15 MB together',
} as const;

/** A message larger than this is not fetched (POP3, IMAP) nor parsed. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** An attachment larger than this is not kept; the message is, with the attachment named as omitted. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Beside an attachment that was not kept, in the reading pane. */
export const omittedAttachmentNote = `not kept: attachments over ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB are left out`;

/**
 * What a forward may carry of the original's attachments, together: base64 makes them a third larger, and the copy
 * kept in Sent must stay under the 25 MB a stored message may have.
 */
export const MAX_FORWARDED_BYTES = 15 * 1024 * 1024;
/** Attachments one forward may carry. */
export const MAX_FORWARDED_ATTACHMENTS = 100;

/** To, Cc and Bcc together; a message is for people, not a mailing list. */
export const MAX_RECIPIENTS = 100;

/**
 * The compose form (part 1 §5) and POST /api/email/send: To, Subject and body required; To, Cc and Bcc in e-mail
 * format, several separated by commas. Beyond the spec: the account to send from (the first one when left out)
 * the stored message answered (its Message-ID goes into the reply's threading headers) and the stored attachments a
 * forward passes on.
 */
export const composeSchema = z
  .object({
    accountId: z.uuid({ message: emailSendMessages.accountNotFound }).optional(),
    to: z.string().trim().min(1, emailMessages.toRequired).pipe(addressList),
    cc: addressList,
    bcc: addressList,
    subject: z.string().trim().min(1, emailMessages.subjectRequired).max(998, 'Subject is too long'),
    content: z.string().trim().min(1, emailMessages.bodyRequired).max(1_000_000, 'Message is too long'),
    inReplyTo: z.uuid({ message: emailSendMessages.replyNotFound }).optional(),
    /** Beyond the spec: stored attachments of the user's mail, sent again (a forward's). */
    attachmentIds: z
      .array(z.uuid({ message: emailSendMessages.attachmentNotFound }))
      .max(MAX_FORWARDED_ATTACHMENTS, emailSendMessages.attachmentNotFound)
      .default([]),
  })
  .refine((draft) => splitAddresses(`${draft.to},${draft.cc},${draft.bcc}`).length <= MAX_RECIPIENTS, {
    message: emailSendMessages.tooManyRecipients,
    path: ['to'],
  });
export type ComposeDraft = z.input<typeof composeSchema>;

// --- Stored mail (issue 15): the lists, the reading pane and the custom folders, answered by the server. ---------

/** Where a stored message is. Starred is a view over these; a message in a custom folder is 'inbox' with it. */
export const emailStoredFolders = ['inbox', 'sent', 'spam', 'trash'] as const;
export type EmailStoredFolder = (typeof emailStoredFolders)[number];
/** Fetched from a server ('in') or sent by the user ('out'). */
export const emailDirections = ['in', 'out'] as const;
/** The folders a message can be moved to (Sent holds what was sent, nothing else). */
export const emailMoveTargets = ['inbox', 'spam', 'trash'] as const;

/** Counts stop here, like the contacts' total. */
export const EMAIL_UNREAD_CAP = 10_000;
/** Custom folders per user: the folder list shows them all, never paged. */
export const MAX_EMAIL_FOLDERS = 100;

export const emailFolderMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  nameTaken: 'A folder of that name already exists',
  notFound: 'Folder not found',
  tooMany: `You can have at most ${MAX_EMAIL_FOLDERS} folders`,
  created: 'Folder created',
  renamed: 'Folder renamed',
  deleted: 'Folder deleted',
  deleteBody: 'Its messages go back to the Inbox.',
} as const;

export const emailAddressSchema = z.object({ name: z.string(), address: z.string() });
export type EmailAddress = z.infer<typeof emailAddressSchema>;

/** A message as a list row shows it: no body; the timestamp is when it arrived (the lists' order). */
export const emailListItemSchema = z.object({
  id: z.string(),
  direction: z.enum(emailDirections),
  folder: z.enum(emailStoredFolders),
  customFolderId: z.string().nullable(),
  subject: z.string(),
  /** The sender's name, or the address when the message gives none. */
  sender: z.string(),
  senderEmail: z.string(),
  /** The recipients (the Sent list shows them). */
  to: z.array(emailAddressSchema),
  preview: z.string(),
  /** ISO timestamp of arrival (or of sending, for sent mail). */
  timestamp: z.string(),
  /** The Date header as ISO, when the message had a valid one. */
  sentAt: z.string().nullable(),
  isRead: z.boolean(),
  isStarred: z.boolean(),
  attachmentCount: z.number().int(),
  hasAttachments: z.boolean(),
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

export const emailPageSchema = pageOf(emailListItemSchema);

/** The reading pane: the list row with recipients, both bodies and the attachments (downloaded by id). */
export const emailDetailSchema = emailListItemSchema.extend({
  accountId: z.string().nullable(),
  cc: z.array(emailAddressSchema),
  text: z.string(),
  /** Sanitized on the server; shown in a sandboxed frame, remote images blocked until the user allows them. */
  html: z.string().nullable(),
  hasRemoteImages: z.boolean(),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int() })),
  /** Attachments over MAX_ATTACHMENT_BYTES: named, with their size, and not downloadable. */
  omittedAttachments: z.array(z.object({ name: z.string(), size: z.number().int() })),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

const folderIdSchema = z.uuid({ message: emailFolderMessages.notFound });

/**
 * GET /api/email/messages: a folder (default inbox) or a custom folder, newest first a page at a time; with `q`,
 * only messages whose sender, subject or body contains it, whatever the case. Starred is every starred message
 * but those in Trash.
 */
export const emailListQuerySchema = pageQuerySchema
  .extend({
    folder: z.enum(emailFolders, { message: 'Unknown folder' }).optional(),
    customFolderId: folderIdSchema.optional(),
    q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  })
  .refine((query) => !(query.folder && query.customFolderId), {
    message: 'Choose a folder or a custom folder, not both',
    path: ['folder'],
  });
export type EmailListQuery = z.input<typeof emailListQuerySchema>;

/**
 * GET /api/contacts/:id/emails and /api/deals/:id/emails: the mail from, to or copied to the contact's e-mail
 * (whatever its case), newest first, but what is in Trash; a deal without a contact has none.
 */
export const relatedEmailsQuerySchema = pageQuerySchema;

/**
 * PATCH /api/email/messages/:id: read, starred, and a move to a folder or to a custom folder (one of the two);
 * what is left out stays. Answers the list row.
 */
export const emailPatchSchema = z
  .object({
    isRead: z.boolean({ message: 'Must be true or false' }).optional(),
    isStarred: z.boolean({ message: 'Must be true or false' }).optional(),
    folder: z.enum(emailMoveTargets, { message: 'Messages can be moved to Inbox, Spam or Trash' }).optional(),
    customFolderId: folderIdSchema.optional(),
  })
  .refine((patch) => !(patch.folder && patch.customFolderId), {
    message: 'Choose a folder or a custom folder, not both',
    path: ['folder'],
  });
export type EmailPatch = z.input<typeof emailPatchSchema>;

export const emailAttachmentParamsSchema = z.object({
  id: z.uuid({ message: 'Not found' }),
  attachmentId: z.uuid({ message: 'Not found' }),
});

export const emailFolderInputSchema = z.object({
  name: z
    .string({ message: emailFolderMessages.nameRequired })
    .trim()
    .min(1, emailFolderMessages.nameRequired)
    .max(100, emailFolderMessages.nameTooLong),
});
export type EmailFolderInput = z.input<typeof emailFolderInputSchema>;

export const emailFolderSchema = z.object({ id: z.string(), name: z.string() });
export type EmailFolderItem = z.infer<typeof emailFolderSchema>;
/** Every custom folder of the user (at most MAX_EMAIL_FOLDERS) by name. */
export const emailFolderListSchema = z.object({ items: z.array(emailFolderSchema) });

/** POST /api/email/check: every account of the user, or the one named. */
export const emailCheckInputSchema = z
  .object({ accountId: z.uuid({ message: emailSendMessages.accountNotFound }).optional() })
  .strict()
  .optional();

/** GET /api/email/check: every account of the user, or the one named. */
export const emailCheckQuerySchema = z
  .object({ accountId: z.uuid({ message: emailSendMessages.accountNotFound }).optional() })
  .strict();

/**
 * Where 'Check Mail' is (POST answers it at once, GET polls it): each account's last check, queued, under way or
 * finished with its count or reason; `running` while any of them is not finished. Accounts never checked this way
 * are left out.
 */
export const emailCheckStatusSchema = z.object({
  running: z.boolean(),
  /** The new messages of the finished checks together. */
  newMessages: z.number().int(),
  accounts: z.array(
    z.object({
      accountId: z.string(),
      email: z.string(),
      state: z.enum(emailCheckStates),
      newMessages: z.number().int(),
      /** Why the account could not be checked, as the user reads it; null when it was (or is not finished). */
      error: z.string().nullable(),
      finishedAt: z.string().nullable(),
    }),
  ),
});
export type EmailCheckStatus = z.infer<typeof emailCheckStatusSchema>;
export type EmailCheckAccountStatus = EmailCheckStatus['accounts'][number];

/** What a finished 'Check Mail' fetched: the new messages of all accounts, and each account's count or reason. */
export interface EmailCheckResult {
  newMessages: number;
  accounts: EmailAccountCheck[];
}

/** What one account's check fetched: its count, or its reason. */
export interface EmailAccountCheck {
  accountId: string;
  email: string;
  newMessages: number;
  /** Why the account could not be checked, as the user reads it; null when it was. */
  error: string | null;
}

/** POST /api/email/send: the message stored in Sent. */
export const emailSentSchema = z.object({ id: z.string() });
