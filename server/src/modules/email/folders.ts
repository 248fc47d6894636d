import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_EMAIL_FOLDERS, emailFolderMessages, type EmailFolderItem } from '@common/email';
import type { Db } from '../../db/client';
import { mailFolders } from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../errors';

// The custom folders of the email screens: created, renamed and deleted by the user; deleting one returns its
// messages to the Inbox (custom_folder_id ON DELETE SET NULL, the message's folder being 'inbox' already).

const folderColumns = { id: mailFolders.id, name: mailFolders.name };
const ownFolder = (userId: string, id: string) => and(eq(mailFolders.id, id), eq(mailFolders.userId, userId));
const nameTaken = () => new AppError(400, emailFolderMessages.nameTaken, { name: emailFolderMessages.nameTaken });

/** A name the user has already (any case) is refused with the field's message. */
async function refusingTakenName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** All the user's folders by name, whatever its case (email_folders_user_name_unique); at most MAX_EMAIL_FOLDERS. */
export function listFolders(db: Db, userId: string): Promise<EmailFolderItem[]> {
  return db
    .select(folderColumns)
    .from(mailFolders)
    .where(eq(mailFolders.userId, userId))
    .orderBy(sql`lower(${mailFolders.name})`, mailFolders.id)
    .limit(MAX_EMAIL_FOLDERS);
}

/** Refused past MAX_EMAIL_FOLDERS; the count and the insert are serialised per user, as task categories are. */
export function createFolder(db: Db, userId: string, name: string): Promise<EmailFolderItem> {
  return refusingTakenName(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email_folders:${userId}`}, 0))`);
      const [existing] = await tx.select({ n: count() }).from(mailFolders).where(eq(mailFolders.userId, userId));
      if ((existing?.n ?? 0) >= MAX_EMAIL_FOLDERS) throw new AppError(400, emailFolderMessages.tooMany);
      const [row] = await tx.insert(mailFolders).values({ userId, name }).returning(folderColumns);
      return row!;
    }),
  );
}

export async function renameFolder(db: Db, userId: string, id: string, name: string): Promise<EmailFolderItem> {
  const [row] = await refusingTakenName(() =>
    db.update(mailFolders).set({ name }).where(ownFolder(userId, id)).returning(folderColumns),
  );
  if (!row) throw notFound();
  return row;
}

export async function deleteFolder(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(mailFolders).where(ownFolder(userId, id)).returning({ id: mailFolders.id });
  if (!rows.length) throw notFound();
}
