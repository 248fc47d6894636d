import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from './columns';

// Busy times read from a user's CalDAV calendars (issue 31). Personal, like the calendar integration and
// bookings: no workspace, no row-level policy; the sync job and the public booking page run as the server's role.

/**
 * The busy instances of the user's read calendars, from the start of their today to their furthest bookable day,
 * replaced per calendar by each sync that finds the calendar changed. The booking page reads only these.
 */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    userId: ownerColumn(),
    calendarUrl: text('calendar_url').notNull(),
    /** The event's UID; a recurring event has a row per instance. */
    eventUid: text('event_uid').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    title: text('title').notNull().default(''),
  },
  (t) => [
    check('calendar_busy_times_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    // "This user's busy times overlapping [a, b)": a range lookup in one GiST index (btree_gist, migration 0005,
    // lets it compare user_id by equality), whatever the times' lengths. The query writes the same expression.
    index('calendar_busy_times_user_during_idx').using('gist', t.userId, sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    // The replacement of one calendar's rows.
    index('calendar_busy_times_user_calendar_idx').on(t.userId, t.calendarUrl),
  ],
);

/** Each read calendar's sync state: what the cheap check compares, and how the last sync went. */
export const calendarBusySources = pgTable(
  'calendar_busy_sources',
  {
    userId: ownerColumn(),
    calendarUrl: text('calendar_url').notNull(),
    /** The calendar's getctag and sync-token at the last successful read of its events. */
    ctag: text('ctag'),
    syncToken: text('sync_token'),
    /** The end of the window the stored busy times cover: a later window end reads the events again. */
    windowEnd: timestamp('window_end', { withTimezone: true }),
    /** The last sync that reached the calendar (changed or not). */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** Why the last sync failed, and when; null after a success. The busy times stay as they were. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'calendar_busy_sources_pkey', columns: [t.userId, t.calendarUrl] })],
);
