import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { isBetween, isNotBlank, isOneOf, matchesPattern } from './check-helpers';
import { users } from './users';
import { timeFormats } from '../../../../common/constants';
import { ownerColumn } from './columns';

/** One of the 48 half-hour slots 00:00 … 23:30 (part 1 §5). */
export const halfHourPattern = '^([01][0-9]|2[0-3]):[03]0$';

/** One row per user (part 1 §3). The primary key serves every read and update, all by user_id. */
export const schedulingSettings = pgTable(
  'scheduling_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An IANA name; the default is the browser's timezone, so the service always supplies it. */
    timezone: text('timezone').notNull(),
    timeFormat: text('time_format').notNull().default('24h'),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    maxAdvanceDays: integer('max_advance_days').notNull().default(90),
    /** One appointment's length on the booking page. */
    slotMinutes: integer('slot_minutes').notNull().default(30),
  },
  (t) => [
    check('scheduling_settings_timezone_not_blank', isNotBlank(t.timezone)),
    check('scheduling_settings_time_format_check', isOneOf(t.timeFormat, timeFormats)),
    check('scheduling_settings_min_notice_check', isBetween(t.minNoticeMinutes, 0, 1440)),
    check('scheduling_settings_max_advance_check', isBetween(t.maxAdvanceDays, 1, 365)),
    check('scheduling_settings_slot_minutes_check', sql`${t.slotMinutes} in (15, 30, 45, 60)`),
  ],
);

/**
 * One row per user and weekday (0 = Sunday … 6 = Saturday). A missing row means off, 09:00–17:00 (part 1 §4).
 * End after start is not checked: the spec allows any pair (part 1 §5); the slot rule treats it as no slots.
 */
export const schedulingAvailability = pgTable(
  'scheduling_availability',
  {
    userId: ownerColumn(),
    dayOfWeek: smallint('day_of_week').notNull(),
    isAvailable: boolean('is_available').notNull().default(false),
    startTime: text('start_time').notNull().default('09:00'),
    endTime: text('end_time').notNull().default('17:00'),
  },
  (t) => [
    // Also the upsert target ({user_id, day_of_week}) and the per-user read.
    primaryKey({ name: 'scheduling_availability_pkey', columns: [t.userId, t.dayOfWeek] }),
    check('scheduling_availability_day_check', isBetween(t.dayOfWeek, 0, 6)),
    check('scheduling_availability_start_check', matchesPattern(t.startTime, halfHourPattern)),
    check('scheduling_availability_end_check', matchesPattern(t.endTime, halfHourPattern)),
  ],
);
