import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Folder, FolderPlus, Inbox, Pencil, Send, ShieldAlert, Star, Trash2, type LucideIcon } from 'lucide-react';
import {
  emailFolderLabels,
  emailFolderMessages,
  emailFolders,
  emailMessages,
  type EmailFolder,
  type EmailFolderItem,
} from '@common/email';
import { Button } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { emailFoldersQuery, emailUnreadQuery, useDeleteFolder, type MailboxView } from './api';
import { FolderNameModal } from './folder-name-modal';

const folderIcons: Record<EmailFolder, LucideIcon> = {
  inbox: Inbox,
  sent: Send,
  spam: ShieldAlert,
  trash: Trash2,
  starred: Star,
};

function FolderLink({
  to,
  current,
  icon: Icon,
  children,
}: {
  to: string;
  current: boolean;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'flex min-w-0 flex-1 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-indigo-500',
        current
          ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </Link>
  );
}

/** The Inbox's unread count, read as "Inbox, 3 unread"; none when there are none. */
function UnreadBadge() {
  const { data } = useQuery(emailUnreadQuery());
  if (!data || data.count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
      <span className="sr-only">, </span>
      {formatCount(data)}
      <span className="sr-only"> unread</span>
    </span>
  );
}

type NameEditing = { mode: 'create' } | { mode: 'rename'; folder: EmailFolderItem } | null;

/** The five folders (part 1 §9), each a link to its route, and the user's own folders to create, rename, delete. */
export function FolderList({ current }: { current: MailboxView | null }) {
  const headingId = useId();
  const folders = useQuery(emailFoldersQuery());
  const [naming, setNaming] = useState<NameEditing>(null);
  const [deleting, setDeleting] = useState<EmailFolderItem | null>(null);
  const remove = useDeleteFolder();
  const navigate = useNavigate();
  const isCurrent = (view: MailboxView) =>
    current !== null &&
    ('folder' in view
      ? 'folder' in current && current.folder === view.folder
      : 'customFolderId' in current && current.customFolderId === view.customFolderId);

  return (
    <nav aria-label="Folders" className="space-y-4">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {emailFolders.map((folder) => (
          <li key={folder} className="flex shrink-0">
            <FolderLink to={`/app/email/folder/${folder}`} current={isCurrent({ folder })} icon={folderIcons[folder]}>
              {emailFolderLabels[folder]}
              {folder === 'inbox' && <UnreadBadge />}
            </FolderLink>
          </li>
        ))}
      </ul>
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-2 px-3">
          <h2
            id={headingId}
            className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
          >
            {emailMessages.customFolders}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            aria-label="Create folder"
            title="Create folder"
            onClick={() => setNaming({ mode: 'create' })}
          >
            <FolderPlus aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {folders.data && folders.data.length > 0 ? (
          <ul className="mt-2 space-y-1">
            {folders.data.map((folder) => (
              <li key={folder.id} className="group flex items-center gap-1">
                <FolderLink
                  to={`/app/email/folder/${folder.id}`}
                  current={isCurrent({ customFolderId: folder.id })}
                  icon={Folder}
                >
                  <span className="truncate">{folder.name}</span>
                </FolderLink>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2"
                  aria-label={`Rename ${folder.name}`}
                  title="Rename"
                  onClick={() => setNaming({ mode: 'rename', folder })}
                >
                  <Pencil aria-hidden="true" className="size-3.5" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2"
                  aria-label={`Delete ${folder.name}`}
                  title="Delete"
                  onClick={() => setDeleting(folder)}
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 flex items-center gap-2 px-3 text-sm text-slate-600 dark:text-slate-400">
            <Folder aria-hidden="true" className="size-4" />
            {folders.isError ? 'Failed to load folders' : emailMessages.noCustomFolders}
          </p>
        )}
      </section>
      <FolderNameModal
        open={naming !== null}
        onOpenChange={(open) => !open && setNaming(null)}
        folder={naming?.mode === 'rename' ? naming.folder : null}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete folder"
        message={`Are you sure you want to delete the folder "${deleting?.name ?? ''}"?`}
        detail={emailFolderMessages.deleteBody}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const wasOpen = isCurrent({ customFolderId: deleting.id });
          remove.mutate(deleting.id, {
            onSuccess: () => wasOpen && void navigate('/app/email', { replace: true }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </nav>
  );
}
