import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { UNREAD_COUNT_CAP, type Notification, type NotificationSettings, type Unread } from '@common/notifications';
import type { Db } from '../../db/client';
import { beforeKey, countUpTo, keysetPage } from '../../db/keyset';
import { notifications, notificationSettings } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';

// The header's bell (decisions.md item 17): the user's notifications, what is unread, and which kinds they want.
// Reading writes nothing: overdue reminders are added by a job each minute (overdue.ts).

const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
type NotificationRow = { [K in keyof typeof notificationColumns]: (typeof notifications.$inferSelect)[K] };

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // The column's check allows only the kinds.
    kind: row.kind as Notification['kind'],
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const own = (userId: string) => eq(notifications.userId, userId);
const unread = (userId: string) => and(own(userId), isNull(notifications.readAt));

export interface NotificationListQuery {
  limit: number;
  before: CursorKey | null;
}

/** The list's query itself, newest first before a position: notifications_user_created_idx answers it. */
export function listNotificationsQuery(db: Db, userId: string, { limit, before }: NotificationListQuery) {
  return db
    .select({
      ...notificationColumns,
      // The cursor's sort value keeps the microseconds a Date would drop.
      createdKey: sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(notifications)
    .where(and(own(userId), beforeKey(notifications.createdAt, notifications.id, before)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

/** A page of the user's notifications, newest first. */
export async function listNotifications(
  db: Db,
  userId: string,
  query: NotificationListQuery,
): Promise<KeysetPage<Notification>> {
  const rows = await listNotificationsQuery(db, userId, query);
  return keysetPage(rows, query.limit, (row) => [row.createdKey, row.id], toNotification);
}

/** The badge: unread ones counted up to UNREAD_COUNT_CAP, and the newest unread (the app toasts one it has not seen). */
export async function getUnread(db: Db, userId: string): Promise<Unread> {
  const { count, hasMore } = await countUpTo(db, notifications, unread(userId), UNREAD_COUNT_CAP);
  if (!count) return { count, hasMore, newest: null };
  const [newest] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(unread(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return { count, hasMore, newest: newest ? toNotification(newest) : null };
}

/** Marks one of the user's notifications read; read already, it keeps its first time. Another user's: 404. */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), own(userId)))
    .returning(notificationColumns);
  if (!row) throw notFound();
  return toNotification(row);
}

/** Marks all the user's unread notifications read; answers how many. */
export async function markAllRead(db: Db, userId: string): Promise<{ marked: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(unread(userId))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}

const allOn: NotificationSettings = { formSubmissions: true, bookings: true, overdue: true, assignments: true };

const settingsColumns = {
  formSubmissions: notificationSettings.formSubmissions,
  bookings: notificationSettings.bookings,
  overdue: notificationSettings.overdue,
  assignments: notificationSettings.assignments,
};

/** Each kind on or off; all on until the user saves. */
export async function getNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select(settingsColumns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? allOn;
}

export async function saveNotificationSettings(
  db: Db,
  userId: string,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  const values = {
    formSubmissions: input.formSubmissions,
    bookings: input.bookings,
    overdue: input.overdue,
    assignments: input.assignments,
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning(settingsColumns);
  return row!;
}
