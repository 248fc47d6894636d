import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { bookingStatuses } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn } from './columns';

/** Appointments booked on the public page (decisions.md item 8: the one table for both spec names). */
export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    /** The user who is booked. */
    userId: ownerColumn(),
    scheduledStartTime: timestamp('scheduled_start_time', { withTimezone: true }).notNull(),
    scheduledEndTime: timestamp('scheduled_end_time', { withTimezone: true }).notNull(),
    bookerName: text('booker_name').notNull(),
    bookerEmail: text('booker_email').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('Scheduled'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('bookings_status_check', isOneOf(t.status, bookingStatuses)),
    check('bookings_end_after_start', sql`${t.scheduledEndTime} > ${t.scheduledStartTime}`),
    check('bookings_booker_name_not_blank', isNotBlank(t.bookerName)),
    check('bookings_booker_email_not_blank', isNotBlank(t.bookerEmail)),
    // Dashboard (today's), calendar (ordered by start) and the free-slot computation (part 1 §7, part 2 §7).
    index('bookings_user_start_idx').on(t.userId, t.scheduledStartTime),
    // A backstop for decisions.md item 15: two scheduled bookings starting at the same time always overlap.
    // General overlap is prevented by the booking service (one transaction, per-user lock).
    uniqueIndex('bookings_user_scheduled_start_unique')
      .on(t.userId, t.scheduledStartTime)
      .where(sql`${t.status} = 'Scheduled'`),
  ],
);
