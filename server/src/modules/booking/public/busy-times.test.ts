import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { calendarBusyTimes } from '../../../db/schema';
import { book, bookingOf, bookingRows, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The owner's calendar busy times, as the sync stores them, block the booking page's slots as bookings do. The sync
// itself, against a real calendar server: calendar/caldav/busy-sync.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A busy time of the user's work calendar from `start` to `end` (ISO instants). */
const busy = (userId: string, start: string, end: string) =>
  t.database.db.insert(calendarBusyTimes).values({
    userId,
    calendarUrl: 'https://calendar.example/work/',
    eventUid: `event-${start}`,
    startsAt: new Date(start),
    endsAt: new Date(end),
    title: 'Meeting',
  });

const startsOf = async (ownerId: string, date: string) => (await slotsOf(t.app, ownerId, date)).map((s) => s.start);

describe('calendar busy times on the booking page', () => {
  it('block exactly the slots they overlap, whatever their length, and only their owner’s', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 30 }, { startTime: '09:00', endTime: '12:00' });
    const other = await openBookingOwner(t.app, { slotMinutes: 30 }, { startTime: '09:00', endTime: '12:00' });
    const day = utcDate(3);
    // 09:40–10:00 takes the 09:30 slot; a time ending at 11:00 leaves 11:00 free; three days from the day before.
    await busy(owner.id, `${day}T09:40:00Z`, `${day}T10:00:00Z`);
    await busy(owner.id, `${day}T10:30:00Z`, `${day}T11:00:00Z`);
    await busy(owner.id, `${utcDate(5)}T12:00:00Z`, `${utcDate(8)}T09:30:00Z`);
    expect(await startsOf(owner.id, day)).toEqual(
      ['09:00', '10:00', '11:00', '11:30'].map((time) => `${day}T${time}:00.000Z`),
    );
    expect(await startsOf(owner.id, utcDate(6))).toEqual([]);
    expect(await startsOf(owner.id, utcDate(8))).toHaveLength(5);
    expect(await startsOf(other.id, day)).toHaveLength(6);
  });

  it('move the first free date past days whose times are all busy, also past the first span read', async () => {
    const owner = await openBookingOwner(t.app, { maxAdvanceDays: 60 }, { startTime: '09:00', endTime: '10:00' });
    await busy(owner.id, `${utcDate(0)}T00:00:00Z`, `${utcDate(20)}T09:30:00Z`);
    const res = await t.app.inject({ url: `/api/public/booking/${owner.id}?tz=UTC` });
    expect(res.json<{ firstFreeDate: string }>().firstFreeDate).toBe(utcDate(20));
  });

  it('refuse a booking that overlaps one, as a taken slot, storing nothing', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 60 }, { startTime: '09:00', endTime: '12:00' });
    const day = utcDate(2);
    await busy(owner.id, `${day}T10:45:00Z`, `${day}T11:15:00Z`);
    for (const time of ['10:00', '11:00']) {
      const res = await book(t.app, owner.id, bookingOf(`${day}T${time}:00Z`));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: bookingMessages.slotTaken });
    }
    expect(await bookingRows(t.database.db, owner.id)).toEqual([]);
    expect((await book(t.app, owner.id, bookingOf(`${day}T09:00:00Z`))).statusCode).toBe(201);
  });
});
