import { useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { DropdownMenu } from 'radix-ui';
import {
  Folder,
  FolderInput,
  Forward,
  Inbox,
  Mail,
  MailOpen,
  Reply,
  ReplyAll,
  ShieldAlert,
  Star,
  Trash2,
  X,
} from 'lucide-react';
import type { EmailDetail, EmailPatch } from '@common/email';
import { Button, buttonClasses } from '../../components/button';
import { ConfirmModal } from '../../components/confirm-modal';
import { menuContentClasses, menuItemClasses } from '../../components/overflow-menu';
import { cn } from '../../lib/cn';
import { emailFoldersQuery, useDeleteEmail, useUpdateEmail } from './api';
import type { ReplyMode } from './reply-draft';

function IconButton({ label, className, ...rest }: ComponentProps<typeof Button> & { label: string }) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} title={label} className={cn('px-2', className)} {...rest} />
  );
}

function ComposeLink({
  mode,
  id,
  label,
  icon: Icon,
}: {
  mode: ReplyMode;
  id: string;
  label: string;
  icon: typeof Reply;
}) {
  return (
    <Link
      to={`/app/email/compose?${new URLSearchParams({ mode, message: id })}`}
      className={buttonClasses('secondary', 'sm')}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

interface Target {
  label: string;
  patch: EmailPatch;
  icon: typeof Inbox;
}

/** Where a received message can go from where it is: Inbox, Spam and the custom folders, less its own place. */
function useMoveTargets(message: EmailDetail): Target[] {
  const { data: folders = [] } = useQuery(emailFoldersQuery());
  const targets: Target[] = [];
  if (message.folder !== 'inbox' || message.customFolderId)
    targets.push({ label: 'Inbox', patch: { folder: 'inbox' }, icon: Inbox });
  if (message.folder !== 'spam') targets.push({ label: 'Spam', patch: { folder: 'spam' }, icon: ShieldAlert });
  for (const folder of folders) {
    if (folder.id !== message.customFolderId || message.folder !== 'inbox')
      targets.push({ label: folder.name, patch: { customFolderId: folder.id }, icon: Folder });
  }
  return targets;
}

function MoveMenu({ targets, onMove }: { targets: Target[]; onMove: (target: Target) => void }) {
  if (targets.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={buttonClasses('ghost', 'sm', 'px-2')}
        aria-label="Move to folder"
        title="Move to folder"
      >
        <FolderInput aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClasses}>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
            Move to
          </DropdownMenu.Label>
          {targets.map((target) => (
            <DropdownMenu.Item
              key={target.label + JSON.stringify(target.patch)}
              className={menuItemClasses}
              onSelect={() => onMove(target)}
            >
              <target.icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{target.label}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Reply, reply all, forward; star, read/unread, move, trash and delete for good (asked first). */
export function MessageActions({ message, onGone }: { message: EmailDetail; onGone: () => void }) {
  const update = useUpdateEmail();
  const remove = useDeleteEmail();
  const targets = useMoveTargets(message);
  const [confirming, setConfirming] = useState(false);

  const change = (patch: EmailPatch, done?: { toast: string; gone: boolean }) =>
    update.mutate(
      { id: message.id, patch },
      {
        onSuccess: () => {
          if (!done) return;
          toast.success(done.toast);
          if (done.gone) onGone();
        },
      },
    );

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Answer" className="flex flex-wrap gap-2">
        <ComposeLink mode="reply" id={message.id} label="Reply" icon={Reply} />
        <ComposeLink mode="replyAll" id={message.id} label="Reply all" icon={ReplyAll} />
        <ComposeLink mode="forward" id={message.id} label="Forward" icon={Forward} />
      </div>
      <div role="group" aria-label="Email actions" className="flex flex-wrap gap-1 sm:ml-auto">
        <IconButton
          label={message.isStarred ? 'Unstar' : 'Star'}
          onClick={() => change({ isStarred: !message.isStarred })}
        >
          <Star aria-hidden="true" className={cn('size-4', message.isStarred && 'fill-amber-400 text-amber-500')} />
        </IconButton>
        <IconButton
          label={message.isRead ? 'Mark as unread' : 'Mark as read'}
          onClick={() => change({ isRead: !message.isRead })}
        >
          {message.isRead ? (
            <Mail aria-hidden="true" className="size-4" />
          ) : (
            <MailOpen aria-hidden="true" className="size-4" />
          )}
        </IconButton>
        {message.direction === 'in' && (
          <MoveMenu
            targets={targets}
            onMove={(target) => change(target.patch, { toast: `Moved to ${target.label}`, gone: true })}
          />
        )}
        {message.folder !== 'trash' && (
          <IconButton
            label="Move to Trash"
            onClick={() => change({ folder: 'trash' }, { toast: 'Moved to Trash', gone: true })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        )}
        <IconButton
          label="Delete forever"
          className="text-red-700 dark:text-red-400"
          onClick={() => setConfirming(true)}
        >
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete email"
        message="Are you sure you want to delete this email?"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(message.id, {
            onSuccess: () => {
              setConfirming(false);
              onGone();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}
