import { z } from 'zod';
import { pageOf } from './http';

/**
 * The bell (decisions.md item 17). Submissions, bookings and assignments are written in the transaction that stores
 * them; a task or deal activity that fell due within the last day unfinished is written by a job once a minute.
 */
export const notificationKinds = [
  'form_submission',
  'booking',
  'booking_cancelled',
  'booking_moved',
  'task_overdue',
  'activity_overdue',
  'task_assigned',
  'activity_assigned',
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How long after its due time an unfinished task or activity still turns into a notification. */
export const OVERDUE_WINDOW_HOURS = 24;

export { notificationMessages, UNREAD_COUNT_CAP } from './notification-messages';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string().nullable(),
  /** An app path (starting with /app/) the click opens, or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, paged by cursor. */
export const notificationPageSchema = pageOf(notificationSchema);

/**
 * GET /api/notifications/unread: the badge, polled while the tab is visible. `newest` is the newest unread one,
 * so the app can toast a notification it has not seen before.
 */
export const unreadSchema = z.object({
  count: z.number().int(),
  hasMore: z.boolean(),
  newest: notificationSchema.nullable(),
});
export type Unread = z.infer<typeof unreadSchema>;

/** POST /api/notifications/read-all answers how many it marked. */
export const markedSchema = z.object({ marked: z.number().int() });

/** GET and PUT /api/notifications/settings: each kind on or off (all on until changed). */
export const notificationSettingsSchema = z
  .object({
    formSubmissions: z.boolean({ message: 'Must be true or false' }),
    bookings: z.boolean({ message: 'Must be true or false' }),
    overdue: z.boolean({ message: 'Must be true or false' }),
    assignments: z.boolean({ message: 'Must be true or false' }),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Labels of the settings switches. */
export const notificationSettingLabels: Record<keyof NotificationSettings, string> = {
  formSubmissions: 'New form submissions',
  bookings: 'New and cancelled bookings',
  overdue: 'Overdue tasks and deal activities',
  assignments: 'Assigned to me',
};
