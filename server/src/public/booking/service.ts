import { and, eq, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bookingMessages,
  type bookingInputSchema,
  type BookingConfirmation,
  type PublicBookingOwner,
  type SlotRules,
  type TimeRange,
} from '@common/booking';
import { bookableDates, dayRange, freeSlots, isFreeSlot } from '@common/booking-slots';
import { timeFormats } from '@common/constants';
import { getInitials } from '@common/initials';
import { schedulingDefaults } from '@common/scheduling';
import type { Db } from '../../db/client';
import { bookings, schedulingSettings, users } from '../../db/schema';
import { AppError, sqlStateOf } from '../../errors';
import { addNotification, utcMinute, wantsNotification } from '../../modules/notifications/notify';
import { getAvailability } from '../../modules/profile/availability';

// The public booking page (decisions.md items 14, 15): what a visitor may see of an owner, the free slots, and
// booking one. The slot rule is common/booking-slots.ts; the database's exclusion constraint bookings_no_overlap
// is the last word on two visitors taking one time.

type BookingRequest = z.output<typeof bookingInputSchema>;

const MINUTE = 60_000;

interface Owner {
  name: string;
  avatarUrl: string | null;
  timeFormat: PublicBookingOwner['timeFormat'];
  rules: SlotRules;
}

export const ownerNotFound = () => new AppError(404, bookingMessages.ownerNotFound);
const notASlot = () => new AppError(400, bookingMessages.notASlot, { start: bookingMessages.notASlot });
export const slotTaken = () => new AppError(409, bookingMessages.slotTaken);

/** The owner's name, picture and slot rules; a user who never saved settings has the defaults, in UTC. */
async function findOwner(db: Db, userId: string): Promise<(Owner & { initials: string }) | null> {
  const [row] = await db
    .select({ name: users.name, avatarUrl: users.avatarUrl, settings: schedulingSettings })
    .from(users)
    .leftJoin(schedulingSettings, eq(schedulingSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const settings = row.settings ?? { ...schedulingDefaults, timezone: 'UTC' };
  const { days } = await getAvailability(db, userId);
  return {
    name: row.name?.trim() ?? '',
    initials: getInitials(row.name),
    avatarUrl: row.avatarUrl,
    timeFormat: (timeFormats as readonly string[]).includes(settings.timeFormat)
      ? (settings.timeFormat as Owner['timeFormat'])
      : schedulingDefaults.timeFormat,
    rules: {
      timeZone: settings.timezone,
      availability: days,
      slotMinutes: settings.slotMinutes,
      minNoticeMinutes: settings.minNoticeMinutes,
      maxAdvanceDays: settings.maxAdvanceDays,
    },
  };
}

async function ownerOrNotFound(db: Db, userId: string) {
  const owner = await findOwner(db, userId);
  if (!owner) throw ownerNotFound();
  return owner;
}

/** GET /api/public/booking/:userId: only what the page shows (no e-mail, no settings beyond the slots'). */
export async function getPublicOwner(db: Db, userId: string, visitorZone: string, now = new Date()) {
  const owner = await ownerOrNotFound(db, userId);
  const answer: PublicBookingOwner = {
    name: owner.name,
    avatarUrl: owner.avatarUrl,
    initials: owner.initials,
    timeFormat: owner.timeFormat,
    timeZone: owner.rules.timeZone,
    slotMinutes: owner.rules.slotMinutes,
    ...bookableDates(owner.rules, now, visitorZone),
  };
  return answer;
}

/** The owner's Scheduled bookings overlapping `range`. */
async function bookedIn(db: Db, userId: string, range: TimeRange): Promise<TimeRange[]> {
  return db
    .select({ start: bookings.scheduledStartTime, end: bookings.scheduledEndTime })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'Scheduled'),
        lt(bookings.scheduledStartTime, range.end),
        gt(bookings.scheduledEndTime, range.start),
      ),
    );
}

/** GET /api/public/booking/:userId/slots: the free slots starting on the visitor's date in their zone. */
export async function getFreeSlots(db: Db, userId: string, date: string, visitorZone: string, now = new Date()) {
  const owner = await ownerOrNotFound(db, userId);
  const range = dayRange(date, visitorZone);
  // The slots by the rules alone first: a day outside the bookable window costs no query, and the bookings
  // read are those between its first and last slot.
  const open = freeSlots(owner.rules, [], range, now);
  if (!open.length) return { slots: [] };
  const booked = await bookedIn(db, userId, { start: open[0]!.start, end: open.at(-1)!.end });
  const slots = freeSlots(owner.rules, booked, range, now);
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
 * visitors at once exactly one gets it and the others 409. A key already used answers its booking (`created`
 * false), also when two requests with one key race. The owner's notification (unless turned off) is written in
 * the booking's transaction: with it, or not at all, and never again on a retry.
 */
export async function bookSlot(db: Db, userId: string, input: BookingRequest, now = new Date()) {
  const earlier = await bookingByKey(db, userId, input.idempotencyKey);
  if (earlier) return { created: false, booking: toConfirmation(earlier, await ownerOrNotFound(db, userId)) };
  try {
    return await db.transaction(async (tx) => {
      const owner = await ownerOrNotFound(tx, userId);
      const start = new Date(input.start);
      if (!isFreeSlot(owner.rules, [], start, now)) throw notASlot();
      const [row] = await tx
        .insert(bookings)
        .values({
          userId,
          scheduledStartTime: start,
          scheduledEndTime: new Date(start.getTime() + owner.rules.slotMinutes * MINUTE),
          bookerName: input.name,
          bookerEmail: input.email,
          notes: input.notes,
          status: 'Scheduled',
          idempotencyKey: input.idempotencyKey,
        })
        .returning(confirmationColumns);
      if (await wantsNotification(tx, userId, 'bookings')) {
        await addNotification(tx, {
          userId,
          kind: 'booking',
          title: `New booking: ${input.name}`,
          body: `${utcMinute(start)} · ${input.email}`,
          link: `/app/calendar?view=day&date=${start.toISOString().slice(0, 10)}`,
          sourceId: row!.id,
        });
      }
      return { created: true, booking: toConfirmation(row!, owner) };
    });
  } catch (error) {
    const state = sqlStateOf(error);
    if (!state || !LOST_RACE.has(state)) throw error;
    const same = await bookingByKey(db, userId, input.idempotencyKey);
    if (same) return { created: false, booking: toConfirmation(same, await ownerOrNotFound(db, userId)) };
    throw slotTaken();
  }
}
