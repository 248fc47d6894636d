/**
 * What the bell says, and its badge's cap (notifications.ts re-exports them). Without zod: the bell is on every
 * signed-in page's first load (bench/bundle.ts), and its badge is read before any zod has loaded.
 */

/** The badge shows at most this; more reads "99+". */
export const UNREAD_COUNT_CAP = 99;

export const notificationMessages = {
  loadFailed: 'Failed to load notifications',
  markFailed: 'Failed to update notification',
  allRead: 'All notifications marked as read',
  settingsSaved: 'Notification settings saved',
  settingsFailed: 'Failed to save notification settings',
  empty: 'No notifications yet',
  newOne: (title: string) => `New notification: ${title}`,
} as const;
