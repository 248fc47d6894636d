import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bookingMessages,
  type bookingInputSchema,
  type BookingConfirmation,
  type PublicBookingOwner,
  type SlotRules,
  type TimeRange,
} from '@common/booking';
import {
  bookableDates,
  dateIn,
  dayRange,
  firstFreeSlot,
  firstFreeSlots,
  firstFreeSpan,
  freeSlots,
  isFreeSlot,
} from '@common/booking-slots';
import { timeFormats } from '@common/constants';
import { getInitials } from '@common/initials';
import { defaultAvailability, weekdays, type AvailabilityDay } from '@common/profile';
import { schedulingDefaults, slotDurations } from '@common/scheduling';
import type { Db } from '../../../db/client';
import { bookings, schedulingAvailability, schedulingSettings, users } from '../../../db/schema';
import { AppError, sqlStateOf } from '../../../errors';
import {
  addWantedNotification,
  utcMinute,
  wantedNotificationSql,
  type NewNotification,
} from '../../notifications/notify';
import { selectRows } from '../../../db/select-rows';
import { attemptCounters, countedAttempts, refuseOverLimits, type AttemptLimit } from '../../../http/attempt-limits';
import { busyTimesDuring, isBusyDuring } from '../../calendar/caldav/busy-times';
import { emitEvent } from '../../webhooks/emit';
import { notePublishChange, notePublishedSql } from '../../calendar/caldav/publish-note';

// The public booking page (decisions.md items 14, 15): what a visitor may see of an owner, the free slots, and
// booking one. The slot rule is common/booking-slots.ts; the database's exclusion constraint bookings_no_overlap
// is the last word on two visitors taking one time.

type BookingRequest = z.output<typeof bookingInputSchema>;

const MINUTE = 60_000;
const MAX_SLOT_MINUTES = Math.max(...slotDurations);

interface Owner {
  name: string;
  avatarUrl: string | null;
  timeFormat: PublicBookingOwner['timeFormat'];
  rules: SlotRules;
}

export const ownerNotFound = () => new AppError(404, bookingMessages.ownerNotFound);
const notASlot = () => new AppError(400, bookingMessages.notASlot, { start: bookingMessages.notASlot });
export const slotTaken = () => new AppError(409, bookingMessages.slotTaken);

/** An instant as SQL by its epoch: a visitor may ask for a date whose ISO string the database would not read. */
const epochSql = (ms: number) => sql`to_timestamp(${ms / 1000}::double precision)`;

/**
 * The owner's Scheduled bookings and known calendar busy times that may overlap a slot starting in `range` (a slot
 * is at most an hour long), as [start, end] pairs of ISO strings: both block slots alike.
 */
const bookedNear = (userId: string, range: TimeRange) => {
  const from = epochSql(range.start.getTime());
  const to = epochSql(range.end.getTime() + MAX_SLOT_MINUTES * MINUTE);
  return sql<[string, string][] | null>`(select json_agg(json_build_array(taken.starts, taken.ends)) from (
      select ${bookings.scheduledStartTime} as starts, ${bookings.scheduledEndTime} as ends
      from ${bookings}
      where ${bookings.userId} = ${userId} and ${bookings.status} = 'Scheduled'
        and ${bookings.scheduledStartTime} < ${to} and ${bookings.scheduledEndTime} > ${from}
      union all ${busyTimesDuring(userId, from, to)}) as taken)`;
};

/** The booking stored under `key`, as a one-element JSON array (or null), to read along with the owner. */
const earlierBooking = (userId: string, key: string) =>
  sql<{ id: string; start: string; end: string }[] | null>`(select json_agg(json_build_object('id', ${bookings.id},
      'start', ${bookings.scheduledStartTime}, 'end', ${bookings.scheduledEndTime}))
    from ${bookings} where ${bookings.userId} = ${userId} and ${bookings.idempotencyKey} = ${key}::uuid)`;

const bookingRowOf = (json: { id: string; start: string; end: string }): BookingRow => ({
  id: json.id,
  scheduledStartTime: new Date(json.start),
  scheduledEndTime: new Date(json.end),
});

const availabilityDays = sql<AvailabilityDay[] | null>`(select json_agg(json_build_object(
    'dayOfWeek', ${schedulingAvailability.dayOfWeek}, 'isAvailable', ${schedulingAvailability.isAvailable},
    'startTime', ${schedulingAvailability.startTime}, 'endTime', ${schedulingAvailability.endTime}))
  from ${schedulingAvailability} where ${schedulingAvailability.userId} = ${users.id})`;

/** Seven days, Sunday first; a day never saved is off (as `getAvailability` reads them). */
function weekOf(rows: AvailabilityDay[] | null): AvailabilityDay[] {
  const saved = new Map((rows ?? []).map((row) => [row.dayOfWeek, row]));
  return weekdays.map((_, dayOfWeek) => saved.get(dayOfWeek) ?? { dayOfWeek, ...defaultAvailability });
}

/**
 * The owner's name, picture and slot rules; a user who never saved settings has the defaults, in UTC. One
 * statement, which also reads the bookings near a range or the booking of an idempotency key when asked: each
 * round trip is a good part of a public request's time.
 */
async function findOwner(
  db: Db,
  userId: string,
  extra: { bookedIn?: TimeRange; earlierKey?: string; attempts?: AttemptLimit[] | undefined } = {},
) {
  const attempts = extra.attempts ?? [];
  const [row] = await db
    .with(...attemptCounters(db, attempts))
    .select({
      counted: attempts.length ? countedAttempts(attempts) : sql<null>`null`,
      name: users.name,
      avatarUrl: users.avatarUrl,
      settings: schedulingSettings,
      days: availabilityDays,
      booked: extra.bookedIn ? bookedNear(userId, extra.bookedIn) : sql<null>`null`,
      earlier: extra.earlierKey ? earlierBooking(userId, extra.earlierKey) : sql<null>`null`,
      // Whether a booking may have an event to write (webhooks/emit.ts): its endpoints are the owner's own.
      webhooks: extra.earlierKey
        ? sql<boolean>`exists (select 1 from webhook_endpoints e where e.user_id = ${users.id} and e.enabled)`
        : sql<null>`null`,
    })
    .from(users)
    .leftJoin(schedulingSettings, eq(schedulingSettings.userId, users.id))
    .where(eq(users.id, userId));
  refuseOverLimits(attempts, row?.counted, bookingMessages.tooMany);
  if (!row) return null;
  const settings = row.settings ?? { ...schedulingDefaults, timezone: 'UTC' };
  const owner: Owner & { initials: string } = {
    name: row.name?.trim() ?? '',
    initials: getInitials(row.name),
    avatarUrl: row.avatarUrl,
    timeFormat: (timeFormats as readonly string[]).includes(settings.timeFormat)
      ? (settings.timeFormat as Owner['timeFormat'])
      : schedulingDefaults.timeFormat,
    rules: {
      timeZone: settings.timezone,
      availability: weekOf(row.days),
      slotMinutes: settings.slotMinutes,
      minNoticeMinutes: settings.minNoticeMinutes,
      maxAdvanceDays: settings.maxAdvanceDays,
    },
  };
  return { owner, row };
}

const bookedRanges = (booked: [string, string][] | null): TimeRange[] =>
  (booked ?? []).map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));

/**
 * The bookings of the first free slot's search spans: the first span's came with the owner (`firstBooked`); a later
 * one, read only when every time before it is taken or off, costs a statement.
 */
const spanBookings =
  (db: Db, userId: string, firstBooked: [string, string][] | null) => async (span: TimeRange, index: number) => {
    if (index === 0) return bookedRanges(firstBooked);
    const later = await findOwner(db, userId, { bookedIn: span });
    return bookedRanges(later?.row.booked ?? null);
  };

/**
 * GET /api/public/booking/:userId: only what the page shows (no e-mail, no settings beyond the slots'), and the
 * visitor's date of the first free slot, on which the page opens; the route adds whether this server mails
 * confirmations.
 */
export async function getPublicOwner(db: Db, userId: string, visitorZone: string, now = new Date()) {
  const found = await findOwner(db, userId, { bookedIn: firstFreeSpan(now, 0) });
  if (!found) throw ownerNotFound();
  const { owner } = found;
  const first = await firstFreeSlot(owner.rules, now, spanBookings(db, userId, found.row.booked));
  const answer: Omit<PublicBookingOwner, 'confirmsByEmail'> = {
    name: owner.name,
    avatarUrl: owner.avatarUrl,
    initials: owner.initials,
    timeFormat: owner.timeFormat,
    timeZone: owner.rules.timeZone,
    slotMinutes: owner.rules.slotMinutes,
    ...bookableDates(owner.rules, now, visitorZone),
    firstFreeDate: first ? dateIn(first.start, visitorZone) : null,
  };
  return answer;
}

/**
 * The owner's `count` soonest free slots from now (the chatbot's Offer Booking), by the booking page's own rule and
 * bookings; slots are instants, the same in every zone. Null for an unknown owner.
 */
export async function getFirstFreeSlots(db: Db, userId: string, count: number, now = new Date()) {
  const found = await findOwner(db, userId, { bookedIn: firstFreeSpan(now, 0) });
  if (!found) return null;
  const slots = await firstFreeSlots(found.owner.rules, now, count, spanBookings(db, userId, found.row.booked));
  return slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() }));
}

/** GET /api/public/booking/:userId/slots: the free slots starting on the visitor's date in their zone. */
export async function getFreeSlots(db: Db, userId: string, date: string, visitorZone: string, now = new Date()) {
  const range = dayRange(date, visitorZone);
  // The owner's rules and the bookings of the day in one statement; the slots by the rules alone first, so that
  // only bookings overlapping one of them count.
  const found = await findOwner(db, userId, { bookedIn: range });
  if (!found) throw ownerNotFound();
  const { rules } = found.owner;
  const open = freeSlots(rules, [], range, now);
  if (!open.length) return { slots: [] };
  const booked = bookedRanges(found.row.booked);
  const slots = booked.length ? freeSlots(rules, booked, range, now) : open;
  return { slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })) };
}

type BookingRow = Pick<typeof bookings.$inferSelect, 'id' | 'scheduledStartTime' | 'scheduledEndTime'>;
const confirmationColumns = {
  id: bookings.id,
  scheduledStartTime: bookings.scheduledStartTime,
  scheduledEndTime: bookings.scheduledEndTime,
};

const toConfirmation = (row: BookingRow, owner: Owner): BookingConfirmation => ({
  id: row.id,
  start: row.scheduledStartTime.toISOString(),
  end: row.scheduledEndTime.toISOString(),
  ownerName: owner.name,
  ownerTimeZone: owner.rules.timeZone,
});

async function bookingByKey(db: Db, userId: string, key: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select(confirmationColumns)
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  return row;
}

/**
 * A concurrent booking won: the overlap constraint (23P01), the idempotency key's index (23505), or, on a
 * server set to stricter isolation, a serialization failure or deadlock (40001, 40P01), or a lock not granted.
 */
const LOST_RACE = new Set(['23P01', '23505', '40001', '40P01', '55P03']);

/**
 * POST /api/public/booking/:userId. The start must be one of the free slots by the owner's rules at this moment
 * (else 400, nothing stored); whether another booking holds the time is the database's to say, so that of many
 * visitors at once exactly one gets it and the others 409. A time overlapping a known busy time of the owner's
 * calendars gets the same 409, checked in the booking's transaction. A key already used answers its booking
 * (`created` false), also when two requests with one key race. The owner's notification (unless turned off) is
 * written in the booking's transaction: with it, or not at all, and never again on a retry.
 */
export async function bookSlot(
  db: Db,
  userId: string,
  input: BookingRequest,
  { attempts, now = new Date() }: { attempts?: AttemptLimit[]; now?: Date } = {},
) {
  // The attempt counted, the owner's rules and the key's earlier booking in one statement; a retry answers before
  // any write.
  const found = await findOwner(db, userId, { earlierKey: input.idempotencyKey, attempts });
  if (!found) throw ownerNotFound();
  const { owner } = found;
  const earlier = found.row.earlier?.[0];
  if (earlier) return { created: false, booking: toConfirmation(bookingRowOf(earlier), owner) };
  const start = new Date(input.start);
  if (!isFreeSlot(owner.rules, [], start, now)) throw notASlot();
  const end = new Date(start.getTime() + owner.rules.slotMinutes * MINUTE);
  const booking = {
    userId,
    scheduledStartTime: start,
    scheduledEndTime: end,
    bookerName: input.name,
    bookerEmail: input.email,
    notes: input.notes,
    status: 'Scheduled' as const,
    idempotencyKey: input.idempotencyKey,
  };
  const notification = (id: string): NewNotification => ({
    userId,
    kind: 'booking',
    title: `New booking: ${input.name}`,
    body: `${utcMinute(start)} · ${input.email}`,
    link: `/app/calendar?view=day&date=${start.toISOString().slice(0, 10)}`,
    sourceId: id,
  });
  try {
    // Without an event to write, the busy check, the booking, its note for the calendar and the owner's
    // notification are one statement, atomic on its own: a public write's time is mostly its round trips.
    if (!found.row.webhooks) {
      const row = await storeBookingAlone(db, booking, notification);
      if (!row) throw slotTaken();
      return { created: true, booking: toConfirmation(row, owner) };
    }
    return await db.transaction(async (tx) => {
      // The freshest busy times of the owner's calendars, read in the booking's own transaction.
      if (await isBusyDuring(tx, userId, start, end)) throw slotTaken();
      const [row] = await tx.insert(bookings).values(booking).returning(confirmationColumns);
      await emitEvent(tx, { userId }, 'booking.created', {
        id: row!.id,
        bookerName: input.name,
        bookerEmail: input.email,
        notes: input.notes,
        start: row!.scheduledStartTime.toISOString(),
        end: row!.scheduledEndTime.toISOString(),
        status: 'Scheduled',
      });
      await notePublishChange(tx, 'booking', row!.id);
      await addWantedNotification(tx, 'bookings', notification(row!.id));
      return { created: true, booking: toConfirmation(row!, owner) };
    });
  } catch (error) {
    const state = sqlStateOf(error);
    if (!state || !LOST_RACE.has(state)) throw error;
    const same = await bookingByKey(db, userId, input.idempotencyKey);
    if (same) return { created: false, booking: toConfirmation(same, owner) };
    throw slotTaken();
  }
}

/**
 * A booking with no event to write, as one statement: the row unless a known busy time of the owner's calendars
 * overlaps it (then none, and the caller answers 409), its note for the owner's calendar, and the owner's
 * notification if they want it. A booking of the same time or key committed meanwhile fails it as the transaction's
 * insert would (the caller's LOST_RACE).
 */
async function storeBookingAlone(
  db: Db,
  booking: typeof bookings.$inferInsert,
  notify: (id: string) => NewNotification,
): Promise<BookingRow | null> {
  const id = randomUUID();
  const { userId } = booking;
  const start = sql`${booking.scheduledStartTime.toISOString()}::timestamptz`;
  const end = sql`${booking.scheduledEndTime.toISOString()}::timestamptz`;
  const stored = sql`insert into ${bookings} (id, user_id, scheduled_start_time, scheduled_end_time, booker_name,
      booker_email, notes, status, idempotency_key)
    select ${id}::uuid, ${userId}::uuid, ${start}, ${end}, ${booking.bookerName}::text, ${booking.bookerEmail}::text,
      ${booking.notes ?? null}::text, ${booking.status ?? 'Scheduled'}::text, ${booking.idempotencyKey ?? null}::uuid
    where not exists (${busyTimesDuring(userId, start, end)})
    returning id, user_id, scheduled_start_time, scheduled_end_time`;
  const [row] = await selectRows<{
    id: string;
    scheduled_start_time: string | Date;
    scheduled_end_time: string | Date;
  }>(
    db,
    sql`with stored as (${stored}), published as (${notePublishedSql('booking', sql`select id, user_id from stored`)}),
      notified as (${wantedNotificationSql('bookings', notify(id), sql`from stored`)})
      select id, scheduled_start_time, scheduled_end_time from stored`,
  );
  return row
    ? {
        id: row.id,
        scheduledStartTime: new Date(row.scheduled_start_time),
        scheduledEndTime: new Date(row.scheduled_end_time),
      }
    : null;
}
