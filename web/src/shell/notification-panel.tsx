import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { BellOff } from 'lucide-react';
import { notificationMessages, type Notification } from '@common/notifications';
import { Button } from '../components/button';
import { Spinner } from '../components/spinner';
import { cn } from '../lib/cn';
import { notificationsQuery, useMarkAllRead } from '../pages/notifications/api';

interface NotificationPanelProps {
  hasUnread: boolean;
  onOpen: (notification: Notification) => void;
  onClose: () => void;
}

const relativeTime = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = !notification.readAt;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60',
          unread && 'bg-indigo-50/50 dark:bg-indigo-500/5',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-indigo-600 dark:bg-indigo-400' : '')}
        />
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block text-sm break-words text-slate-900 dark:text-slate-100',
              unread ? 'font-semibold' : 'font-medium',
            )}
          >
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          {notification.body && (
            <span className="mt-0.5 block text-sm break-words text-slate-600 dark:text-slate-400">
              {notification.body}
            </span>
          )}
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
            {relativeTime(notification.createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}

/** The bell's panel: newest first, "Load more"; opening it marks nothing read. */
export function NotificationPanel({ hasUnread, onOpen, onClose }: NotificationPanelProps) {
  const list = useInfiniteQuery(notificationsQuery());
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (list.isError && !list.data) toast.error(notificationMessages.loadFailed, { id: 'notifications-load' });
  }, [list.isError, list.data]);

  let content;
  if (list.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading notifications" className="size-5 text-indigo-500" />
      </div>
    );
  } else if (!list.data) {
    content = (
      <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-400">{notificationMessages.loadFailed}</p>
        <Button variant="secondary" size="sm" loading={list.isRefetching} onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
        <BellOff aria-hidden="true" className="size-6 text-slate-400" />
        <p className="text-sm text-slate-600 dark:text-slate-400">{notificationMessages.empty}</p>
      </div>
    );
  } else {
    content = (
      <>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} onOpen={() => onOpen(notification)} />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="border-t border-slate-100 p-2 text-center dark:border-slate-800">
            <Button
              variant="ghost"
              size="sm"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!hasUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{content}</div>
      <div className="border-t border-slate-200 px-4 py-2.5 dark:border-slate-800">
        <Link
          to="/app/settings/notifications"
          onClick={onClose}
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Notification settings
        </Link>
      </div>
    </>
  );
}
