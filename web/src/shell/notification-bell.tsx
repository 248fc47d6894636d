import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { notificationMessages, UNREAD_COUNT_CAP, type Notification } from '@common/notifications';
import { cn } from '../lib/cn';
import { unreadQuery, useMarkRead } from '../pages/notifications/api';
import { iconButton } from './header-styles';
import { NotificationPanel } from './notification-panel';

/** "3", or "99+" past the cap. */
export function unreadLabel(count: number, hasMore: boolean): string {
  return hasMore || count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}

/** Toasts a notification this tab has not seen yet; the first answer only marks what is there as seen. */
function useToastNewOnes(newest: Notification | null | undefined, loaded: boolean) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (seen.current === null) {
      seen.current = new Set(newest ? [newest.id] : []);
      return;
    }
    if (newest && !seen.current.has(newest.id)) {
      seen.current.add(newest.id);
      toast(notificationMessages.newOne(newest.title), { id: `notification-${newest.id}` });
    }
  }, [newest, loaded]);
}

/** The header's bell: the unread count (polled), and the panel of notifications it opens. */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadQuery());
  // Lives here, not in the panel: the panel closes while the request runs, and its refresh must still happen.
  const markRead = useMarkRead();
  useToastNewOnes(unread.data?.newest, unread.isSuccess);

  const count = unread.data?.count ?? 0;
  const badge = count > 0 && unread.data ? unreadLabel(count, unread.data.hasMore) : null;

  const openOne = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    setOpen(false);
    if (notification.link) void navigate(notification.link);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        className={cn(iconButton, 'relative')}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-950"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl motion-safe:animate-pop-in dark:border-slate-800 dark:bg-slate-900"
        >
          <NotificationPanel hasUnread={count > 0} onOpen={openOne} onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
