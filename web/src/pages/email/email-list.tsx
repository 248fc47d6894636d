import { Paperclip, Star } from 'lucide-react';
import { emailMessages, type EmailListItem } from '@common/email';
import { EmptyState } from '../../components/empty-state';
import { cn } from '../../lib/cn';
import { relativeTime } from './format';

interface EmailListProps {
  items: EmailListItem[];
  selectedId: string | null;
  onSelect: (item: EmailListItem) => void;
}

const recipients = (item: EmailListItem) => item.to.map((to) => to.name || to.address).join(', ') || '-';

/** The message rows; unread ones are highlighted and say so to screen readers. */
export function EmailList({ items, selectedId, onSelect }: EmailListProps) {
  if (items.length === 0) return <EmptyState message={emailMessages.empty} />;
  return (
    <ul aria-label="Messages" className="divide-y divide-slate-200 dark:divide-slate-800">
      {items.map((item) => (
        <li key={item.id}>
          <EmailRow item={item} selected={item.id === selectedId} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

function EmailRow({
  item,
  selected,
  onSelect,
}: {
  item: EmailListItem;
  selected: boolean;
  onSelect: (item: EmailListItem) => void;
}) {
  const unread = !item.isRead;
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(item)}
      className={cn(
        'block w-full px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
        selected
          ? 'bg-indigo-100 dark:bg-indigo-500/25'
          : unread
            ? 'bg-indigo-50/70 hover:bg-indigo-50 dark:bg-indigo-500/10 dark:hover:bg-indigo-500/15'
            : 'bg-white hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800/60',
      )}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span
          className={cn(
            'min-w-0 truncate text-sm text-slate-900 dark:text-white',
            unread ? 'font-semibold' : 'font-medium',
          )}
        >
          {unread && <span className="sr-only">Unread, </span>}
          {/* Sent mail is listed by whom it went to. */}
          {item.direction === 'out' ? `To: ${recipients(item)}` : item.sender}
        </span>
        <time dateTime={item.timestamp} className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
          {relativeTime(item.timestamp)}
        </time>
      </span>
      <span className="mt-0.5 flex items-center gap-2">
        <span
          className={cn(
            'min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-200',
            unread && 'font-semibold',
          )}
        >
          {item.subject || '(no subject)'}
        </span>
        {item.hasAttachments && (
          <Paperclip role="img" aria-label="Has attachment" className="size-4 shrink-0 text-slate-500" />
        )}
        <Star
          role="img"
          aria-label={item.isStarred ? 'Starred' : 'Not starred'}
          className={cn(
            'size-4 shrink-0',
            item.isStarred ? 'fill-amber-400 text-amber-500' : 'text-slate-400 dark:text-slate-500',
          )}
        />
      </span>
      <span className="mt-0.5 block truncate text-sm text-slate-600 dark:text-slate-400">{item.preview}</span>
    </button>
  );
}
