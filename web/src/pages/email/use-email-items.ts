import type { EmailFolder, EmailItem } from '@common/email';
import { sampleEmails } from './samples';

/**
 * The messages of a folder, newest first. Today the two samples (decisions.md item 18); the email issue
 * answers the same EmailItem shape from the server here, and the screens stay as they are.
 */
export function useEmailItems(folder: EmailFolder | null): EmailItem[] {
  if (!folder) return [];
  return sampleEmails
    .filter((item) => item.folder === folder)
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
}

/** The messages whose subject, sender or preview contains `query`, whatever the case. */
export function matchingEmails(items: EmailItem[], query: string): EmailItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) =>
    [item.subject, item.sender, item.senderEmail, item.preview].some((text) => text.toLowerCase().includes(needle)),
  );
}
