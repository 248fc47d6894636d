import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Notification, NotificationSettings } from '@common/notifications';
import { notifications } from '../db/schema';
import type { TestApp, UserClient } from './test-app';

// Helpers of the bell's tests (modules/notifications/notifications.test.ts, overdue.test.ts).

export const allOn: NotificationSettings = { formSubmissions: true, bookings: true, overdue: true, assignments: true };

/** A page of the user's notifications, newest first. */
export async function listOf(
  user: UserClient,
  query = '',
): Promise<{ items: Notification[]; nextCursor: string | null }> {
  const res = await user.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The bell's count of unread notifications, and the newest of them. */
export async function unreadOf(user: UserClient) {
  const res = await user.get('/api/notifications/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; hasMore: boolean; newest: Notification | null }>();
}

/** The settings saved and the rows kept, in the app `app()` gives once it is built. */
export function notificationsApi(app: () => TestApp) {
  const put = (user: UserClient, url: string, body: unknown) =>
    app().app.inject({ method: 'PUT', url, headers: { cookie: user.cookie }, payload: body as object });
  const rowsOf = (userId: string) =>
    app().database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return { put, rowsOf };
}
