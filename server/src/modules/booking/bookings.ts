import { and, eq, sql } from 'drizzle-orm';
import type { Booking } from '@common/booking';
import { slotDurations } from '@common/scheduling';
import type { Db } from '../../db/client';
import { afterKey, keysetPage } from '../../db/keyset';
import { selectRows } from '../../db/select-rows';
import { bookings } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { emitEvent } from '../webhooks/emit';
import { notePublishChange } from '../calendar/caldav/publish-note';

// The owner's side of the bookings made on the public page (public/ beside this file).

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs. */
const iso = (column: string, precision: 'MS' | 'US') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

/** No booking is longer than the longest appointment, so one that has not ended started at most this long ago. */
const LONGEST_MINUTES = Math.max(...slotDurations);

interface BookingListRow {
  id: string;
  booker_name: string;
  booker_email: string;
  notes: string | null;
  start: string;
  end: string;
  status: string;
  start_key: string;
}

const fromRow = (row: BookingListRow): Booking => ({
  id: row.id,
  bookerName: row.booker_name,
  bookerEmail: row.booker_email,
  notes: row.notes,
  start: row.start,
  end: row.end,
  status: row.status,
});

/**
 * The Scheduled bookings that have not ended, soonest first, after a position: a range read of
 * bookings_user_start_idx from an hour ago (the longest booking), the end checked on the rows read.
 */
export async function listUpcomingBookings(
  db: Db,
  userId: string,
  { limit, after }: { limit: number; after: CursorKey | null },
): Promise<KeysetPage<Booking>> {
  const rows = await selectRows<BookingListRow>(
    db,
    sql`select id, booker_name, booker_email, notes, status,
        ${iso('scheduled_start_time', 'MS')} as start, ${iso('scheduled_end_time', 'MS')} as "end",
        ${iso('scheduled_start_time', 'US')} as start_key
      from bookings
      where user_id = ${userId} and status = 'Scheduled'
        and scheduled_start_time > now() - make_interval(mins => ${LONGEST_MINUTES})
        and scheduled_end_time > now()
        ${after ? sql`and ${afterKey(sql`scheduled_start_time`, sql`id`, after)}` : sql``}
      order by scheduled_start_time, id
      limit ${limit + 1}`,
  );
  return keysetPage(rows, limit, (row) => [row.start_key, row.id], fromRow);
}

const columns = {
  id: bookings.id,
  bookerName: bookings.bookerName,
  bookerEmail: bookings.bookerEmail,
  notes: bookings.notes,
  start: bookings.scheduledStartTime,
  end: bookings.scheduledEndTime,
  status: bookings.status,
};

type BookingRow = Omit<Booking, 'start' | 'end'> & { start: Date; end: Date };

const toBooking = (row: BookingRow): Booking => ({
  ...row,
  start: row.start.toISOString(),
  end: row.end.toISOString(),
});

const own = (userId: string, id: string) => and(eq(bookings.id, id), eq(bookings.userId, userId));

/** One of the user's bookings; another user's is not found. */
export async function getBooking(db: Db, userId: string, id: string): Promise<Booking> {
  const [row] = await db.select(columns).from(bookings).where(own(userId, id));
  if (!row) throw notFound();
  return toBooking(row);
}

/**
 * Cancels the user's booking if it is still Scheduled, in the caller's transaction: its webhook event and its
 * calendar note go with it. Null when it was not Scheduled (cancelled before, or completed) or is not theirs.
 */
export async function cancelScheduledBooking(tx: Db, userId: string, id: string): Promise<Booking | null> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'Cancelled' })
    .where(and(own(userId, id), eq(bookings.status, 'Scheduled')))
    .returning(columns);
  if (!row) return null;
  const booking = toBooking(row);
  await emitEvent(tx, { userId }, 'booking.cancelled', booking);
  await notePublishChange(tx, 'booking', id);
  return booking;
}

/**
 * Cancels a Scheduled booking, which frees its time (the overlap constraint covers Scheduled bookings only).
 * A booking no longer Scheduled (cancelled before, or completed) is answered as it is.
 */
export function cancelBooking(db: Db, userId: string, id: string): Promise<Booking> {
  return db.transaction(
    async (tx) => (await cancelScheduledBooking(tx, userId, id)) ?? (await getBooking(tx, userId, id)),
  );
}
