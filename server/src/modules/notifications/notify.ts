import { eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, NotificationSettings } from '@common/notifications';
import type { Db, Tx } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema';

// Writing a notification inside the transaction of what caused it (a form submission, a booking): committed with
// it, or not at all.

/** The longest title or body stored; longer text is cut with an ellipsis. */
export const MAX_NOTIFICATION_TEXT = 200;

/** `text` cut to `max` characters (code points, so an emoji is never split), ending in "…" when cut. */
export function clip(text: string, max = MAX_NOTIFICATION_TEXT): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** Whether the user wants this kind of notification: no settings row means all on. */
export async function wantsNotification(
  db: Db | Tx,
  userId: string,
  setting: keyof NotificationSettings,
): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings[setting] })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? true;
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string | null;
  /** The row that caused it: with the kind, at most one notification per source. */
  sourceId: string;
}

/** Adds the notification unless one of this kind for this source exists already (a retry writes nothing more). */
export async function addNotification(db: Db | Tx, notification: NewNotification): Promise<void> {
  await db
    .insert(notifications)
    .values({
      ...notification,
      title: clip(notification.title),
      body: notification.body === null ? null : clip(notification.body),
    })
    .onConflictDoNothing({
      target: [notifications.userId, notifications.kind, notifications.sourceId],
      where: sql`source_id is not null`,
    });
}

/**
 * `addNotification` if the user wants this kind (`wantsNotification`), as one statement: on a public request the
 * two round trips were a good part of its time.
 */
export async function addWantedNotification(
  db: Db | Tx,
  setting: keyof NotificationSettings,
  notification: NewNotification,
): Promise<void> {
  await db.execute(wantedNotificationSql(setting, notification));
}

/**
 * The statement of `addWantedNotification`; with `from` (`from stored`), a part of a larger statement that adds it
 * only when that relation has a row.
 */
export function wantedNotificationSql(
  setting: keyof NotificationSettings,
  notification: NewNotification,
  from: SQL = sql``,
): SQL {
  const { userId, kind, title, body, link, sourceId } = notification;
  const wanted = notificationSettings[setting];
  return sql`insert into ${notifications} (user_id, kind, title, body, link, source_id)
    select ${userId}::uuid, ${kind}::text, ${clip(title)}::text, ${body === null ? null : clip(body)}::text,
      ${link}::text, ${sourceId}::uuid ${from}
    where coalesce((select ${wanted} from ${notificationSettings} where ${notificationSettings.userId} = ${userId}), true)
    on conflict (user_id, kind, source_id) where source_id is not null do nothing`;
}

/** A time as the bell shows it in a body: "2030-01-02 09:30 UTC". */
export const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
