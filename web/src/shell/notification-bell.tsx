import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Bell } from 'lucide-react';
import type { Notification } from '@common/notifications';
import { notificationMessages, UNREAD_COUNT_CAP } from '@common/notification-messages';
import { cn } from '../lib/cn';
import { unreadQuery } from '../pages/notifications/unread';
import { iconButton } from './header-styles';

// The header's bell is on every signed-in page's first load, so it is only a button with the unread count; the
// popover, its panel and their libraries load when the bell is first pointed at, focused or pressed
// (notification-popover.tsx).
const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })));

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

/** The bell's button with its badge: alone until the popover is wanted, then the popover's trigger. */
function BellButton({ badge, className, ...props }: ComponentProps<'button'> & { badge: string | null }) {
  return (
    <button
      type="button"
      aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
      className={cn(iconButton, 'relative', className)}
      {...props}
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
    </button>
  );
}

/** The header's bell: the unread count (polled), and the panel of notifications it opens. */
export function NotificationBell() {
  const unread = useQuery(unreadQuery());
  useToastNewOnes(unread.data?.newest, unread.isSuccess);
  // Pressed once: from then on the popover (opened that first time) is the bell.
  const [wanted, setWanted] = useState(false);

  const count = unread.data?.count ?? 0;
  const badge = count > 0 && unread.data ? unreadLabel(count, unread.data.hasMore) : null;
  const preload = () => void loadPopover();
  const plain = (
    <BellButton
      badge={badge}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return plain;
  return (
    // While its chunk arrives, the plain button stays (busy), so the header does not move.
    <Suspense fallback={<BellButton badge={badge} aria-busy="true" />}>
      <NotificationPopover trigger={<BellButton badge={badge} />} hasUnread={count > 0} />
    </Suspense>
  );
}
