import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import type { Notification } from '@common/notifications';
import { useMarkRead } from '../pages/notifications/api';
import { NotificationPanel } from './notification-panel';

/**
 * The bell's popover, loaded when the bell is first wanted (notification-bell.tsx) and opened at once: `trigger` is
 * the bell's button. Stays mounted after, closed or open.
 */
export function NotificationPopover({ trigger, hasUnread }: { trigger: ReactElement; hasUnread: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // Lives here, not in the panel: the panel closes while the request runs, and its refresh must still happen.
  const markRead = useMarkRead();

  const openOne = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    setOpen(false);
    if (notification.link) void navigate(notification.link);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl motion-safe:animate-pop-in dark:border-slate-800 dark:bg-slate-900"
        >
          <NotificationPanel hasUnread={hasUnread} onOpen={openOne} onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
