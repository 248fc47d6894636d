import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../../common/notifications';
import { isOneOf } from './check-helpers';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn } from './columns';
import { users } from './users';

/**
 * What the header's bell shows (decisions.md item 17): written in the transaction of what caused it (a form
 * submission, a booking, an assignment) or, for overdue tasks and activities, by a job once a minute. Read newest first.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: ownerColumn(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** An app path the bell opens. */
    link: text('link'),
    /** The row that caused it (submission, booking, task, activity): with kind, at most one notification each. */
    sourceId: uuid('source_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('notifications_kind_check', isOneOf(t.kind, notificationKinds)),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The bell's unread count reads only unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // A retried write or a second read of the bell never doubles a notification.
    uniqueIndex('notifications_user_kind_source_idx')
      .on(t.userId, t.kind, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

/** Which kinds of notification the user wants; no row means all on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  formSubmissions: boolean('form_submissions').notNull().default(true),
  bookings: boolean('bookings').notNull().default(true),
  overdue: boolean('overdue').notNull().default(true),
  assignments: boolean('assignments').notNull().default(true),
  updatedAt: updatedAtColumn(),
});
