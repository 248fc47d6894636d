import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { caldavPublishKinds, caldavStatuses } from '../../../../common/calendar-caldav';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/** A calendar of the account, as the user chose it: its address and the name the server gives it. */
export interface CaldavCalendarRef {
  url: string;
  name: string;
}

/**
 * The user's CalDAV account (issue 31): personal like mail accounts (no workspace, no row-level security), one per
 * user. What the product publishes goes to one calendar; busy times are read from any number.
 */
export const caldavConnections = pgTable(
  'caldav_connections',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverUrl: text('server_url').notNull(),
    username: text('username').notNull(),
    /** The app password, sealed with the server key as mail passwords are; never sent back in clear. */
    passwordEncrypted: text('password_encrypted').notNull(),
    publishCalendarUrl: text('publish_calendar_url').notNull(),
    publishCalendarName: text('publish_calendar_name').notNull(),
    readCalendars: jsonb('read_calendars').$type<CaldavCalendarRef[]>().notNull().default([]),
    publishTasks: boolean('publish_tasks').notNull().default(false),
    publishActivities: boolean('publish_activities').notNull().default(false),
    /** Busy events of the read calendars show their titles on the calendar screen. */
    showTitles: boolean('show_titles').notNull().default(false),
    status: text('status').notNull().default('connected'),
    /** The reason of the last failure, as the user reads it, and when it happened. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('caldav_connections_status_check', isOneOf(t.status, caldavStatuses)),
    check('caldav_connections_server_url_not_blank', isNotBlank(t.serverUrl)),
    check('caldav_connections_username_not_blank', isNotBlank(t.username)),
  ],
);

/**
 * What the product put on the user's calendar: one event per record. The job that publishes reads it to know what
 * to move or delete; a row goes with its connection (disconnecting removes the events first).
 */
export const caldavPublished = pgTable(
  'caldav_published',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => caldavConnections.userId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The calendar it was put in, and the event's own address there. */
    calendarUrl: text('calendar_url').notNull(),
    href: text('href').notNull(),
    uid: text('uid').notNull(),
    etag: text('etag'),
    /** What was sent (title, times, text), so an unchanged record costs no request. */
    fingerprint: text('fingerprint').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.recordId] }),
    check('caldav_published_kind_check', isOneOf(t.kind, caldavPublishKinds)),
    // "Who published this record": the note a change writes, and the job that follows it.
    index('caldav_published_record_idx').on(t.kind, t.recordId),
  ],
);

/**
 * Records whose events may need to change, written in the change's own transaction (a rolled-back change notes
 * nothing, a committed one is published even if the server dies next); each process hands them to the job queue.
 */
export const caldavPublishOutbox = pgTable(
  'caldav_publish_outbox',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    recordId: uuid('record_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('caldav_publish_outbox_kind_check', isOneOf(t.kind, caldavPublishKinds)),
    index('caldav_publish_outbox_created_idx').on(t.createdAt),
  ],
);
