import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { emailSendMessages, MAX_FORWARDED_BYTES, splitAddresses, type composeSchema } from '@common/email';
import type { EmailAuthMethod } from '@common/email-accounts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailAccounts, emailServerConfig, mailAttachments, mailMessages } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SecretBox } from '../../secrets/secret-box';
import { openStoredFile } from './attachment-files';
import { MailConnectionError } from './mail-errors';
import { parseMessage } from './parse-pool';
import { sendMail, type MailAddress, type OutgoingMessage } from './smtp';
import { storeSent } from './store';

// Sending (Compose, reply, forward): through the SMTP server of the account chosen, and the very bytes sent stored
// in Sent. A message the mail server did not take is not stored: the draft stays with the user.

export type ComposeValues = z.output<typeof composeSchema>;

export interface Sender {
  id: string;
  /** The name the recipients see beside the account's address; none leaves only the address. */
  name: string;
}

/** The account named, or the user's first; 400 when the user has none, 404 when the one named is not theirs. */
async function accountToSendFrom(db: Db, userId: string, accountId: string | undefined) {
  const [account] = await db
    .select({ id: emailAccounts.id, email: emailAccounts.email, allowUnencrypted: emailAccounts.allowUnencrypted })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), accountId ? eq(emailAccounts.id, accountId) : undefined))
    .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id))
    .limit(1);
  if (!account && accountId) throw notFound();
  if (!account) throw new AppError(400, emailSendMessages.noAccount);
  return account;
}

/** The Message-ID of the user's stored message answered; refused with the field's message when it is not theirs. */
async function messageIdAnswered(db: Db, userId: string, id: string): Promise<string | undefined> {
  const [original] = await db
    .select({ messageId: mailMessages.messageId })
    .from(mailMessages)
    .where(and(eq(mailMessages.id, id), eq(mailMessages.userId, userId)));
  if (!original) {
    throw new AppError(400, emailSendMessages.replyNotFound, { inReplyTo: emailSendMessages.replyNotFound });
  }
  return original.messageId ?? undefined;
}

const attachmentRefused = (message: string) => new AppError(400, message, { attachmentIds: message });

/**
 * The user's stored attachments named, read from their files in the order given: a forward's. Refused with the
 * field's message when one is not the user's (or its file is gone) or together they are over MAX_FORWARDED_BYTES.
 */
async function attachmentsToSend(
  db: Db,
  dataDir: string,
  userId: string,
  ids: string[],
): Promise<NonNullable<OutgoingMessage['attachments']>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: mailAttachments.id,
      filename: mailAttachments.filename,
      declaredType: mailAttachments.declaredType,
      size: mailAttachments.size,
      storageKey: mailAttachments.storageKey,
    })
    .from(mailAttachments)
    .where(and(eq(mailAttachments.userId, userId), inArray(mailAttachments.id, wanted)));
  if (rows.length !== wanted.length) throw attachmentRefused(emailSendMessages.attachmentNotFound);
  if (rows.reduce((sum, row) => sum + row.size, 0) > MAX_FORWARDED_BYTES) {
    throw attachmentRefused(emailSendMessages.attachmentsTooLarge);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const attachments = [];
  for (const id of wanted) {
    const row = byId.get(id)!;
    const file = await openStoredFile(dataDir, row.storageKey);
    if (!file) throw attachmentRefused(emailSendMessages.attachmentNotFound);
    try {
      attachments.push({
        filename: row.filename,
        content: await file.handle.readFile(),
        contentType: row.declaredType,
      });
    } finally {
      await file.handle.close();
    }
  }
  return attachments;
}

const addressesOf = (field: string): MailAddress[] => splitAddresses(field).map((address) => ({ address }));

/**
 * Sends the message through the account's SMTP server and stores it in Sent. Throws MailConnectionError (the
 * route's 502) when the server could not be reached, refused the sign-in or the recipients; nothing is stored then.
 */
export async function sendEmail(
  db: Db,
  secrets: SecretBox,
  config: Pick<Config, 'dataDir' | 'allowPrivateHosts' | 'mailCa'>,
  sender: Sender,
  input: ComposeValues,
): Promise<{ id: string }> {
  const account = await accountToSendFrom(db, sender.id, input.accountId);
  const inReplyTo = input.inReplyTo ? await messageIdAnswered(db, sender.id, input.inReplyTo) : undefined;
  const attachments = await attachmentsToSend(db, config.dataDir, sender.id, input.attachmentIds);
  const [smtp] = await db
    .select()
    .from(emailServerConfig)
    .where(and(eq(emailServerConfig.emailAccountId, account.id), eq(emailServerConfig.serverType, 'smtp')));
  if (!smtp) throw new Error('email account without its SMTP server');
  const password = secrets.decrypt(smtp.passwordEncrypted);
  if (password === null) throw new MailConnectionError('wrongPassword', emailSendMessages.passwordUnreadable);
  const sent = await sendMail(
    {
      host: smtp.serverHost,
      port: smtp.serverPort,
      username: smtp.username,
      password,
      useSsl: smtp.useSsl,
      // The column's check allows only these.
      authMethod: smtp.authMethod as EmailAuthMethod,
      allowUnencrypted: account.allowUnencrypted,
    },
    {
      from: { name: sender.name, address: account.email },
      to: addressesOf(input.to),
      cc: addressesOf(input.cc),
      bcc: addressesOf(input.bcc),
      subject: input.subject,
      text: input.content,
      inReplyTo,
      references: inReplyTo ? [inReplyTo] : undefined,
      attachments,
    },
    { allowPrivate: config.allowPrivateHosts, ca: config.mailCa },
  );
  const stored = await storeSent(db, config.dataDir, sender.id, account.id, await parseMessage(sent.raw));
  return { id: stored.id };
}
