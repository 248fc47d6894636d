import { useId } from 'react';
import { Link } from 'react-router';
import { Folder, Inbox, Send, ShieldAlert, Star, Trash2, type LucideIcon } from 'lucide-react';
import { emailFolderLabels, emailFolders, emailMessages, type EmailFolder } from '@common/email';
import { cn } from '../../lib/cn';

const folderIcons: Record<EmailFolder, LucideIcon> = {
  inbox: Inbox,
  sent: Send,
  spam: ShieldAlert,
  trash: Trash2,
  starred: Star,
};

/** The five folders (part 1 §9), each a link to its route, and the empty "Custom Folders" section. */
export function FolderList({ current }: { current: EmailFolder | null }) {
  const headingId = useId();
  return (
    <nav aria-label="Folders" className="space-y-4">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {emailFolders.map((folder) => {
          const Icon = folderIcons[folder];
          const isCurrent = folder === current;
          return (
            <li key={folder} className="shrink-0">
              <Link
                to={`/app/email/folder/${folder}`}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-indigo-500',
                  isCurrent
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {emailFolderLabels[folder]}
              </Link>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby={headingId}>
        <h2
          id={headingId}
          className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
        >
          {emailMessages.customFolders}
        </h2>
        <p className="mt-2 flex items-center gap-2 px-3 text-sm text-slate-600 dark:text-slate-400">
          <Folder aria-hidden="true" className="size-4" />
          {emailMessages.noCustomFolders}
        </p>
      </section>
    </nav>
  );
}
