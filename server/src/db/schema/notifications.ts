import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, ownerColumn } from './columns';

/**
 * What the header's bell shows (decisions.md item 17): written where the event happens (a form submission, a
 * booking), read newest first. `link` is an app path the bell opens.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: ownerColumn(),
    /** 'form_submission' or 'booking'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The bell's unread count reads only unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
