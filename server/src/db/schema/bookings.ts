import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The visitor's key for one booking attempt: a retry with it answers the booking it made. */
    idempotencyKey: uuid('idempotency_key'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('bookings_status_check', isOneOf(t.status, bookingStatuses)),
    check('bookings_end_after_start', sql`${t.scheduledEndTime} > ${t.scheduledStartTime}`),
    check('bookings_booker_name_not_blank', isNotBlank(t.bookerName)),
    check('bookings_booker_email_not_blank', isNotBlank(t.bookerEmail)),
    // Dashboard (today's), calendar (ordered by start) and the free-slot computation (part 1 §7, part 2 §7).
    index('bookings_user_start_idx').on(t.userId, t.scheduledStartTime),
    // No double booking (decisions.md item 15) is enforced by the exclusion constraint
    // bookings_no_overlap (migration 0005, which Drizzle cannot declare): no two Scheduled bookings of one user
    // overlap in time; a violation is SQLSTATE 23P01.
    uniqueIndex('bookings_user_idempotency_key_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
