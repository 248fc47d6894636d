import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulingSettingsInput } from '@common/scheduling';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';
import { book, bookingOf, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';

// The booking page opens on the owner's first free day: the owner's answer names it, by the slots' own rule.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** An owner (in UTC) open only on the weekday `days` from today, 09:00–10:00: two 30-minute slots a week. */
async function openOneWeekday(days: number, settings: SchedulingSettingsInput = {}): Promise<UserClient> {
  const owner = await openBookingOwner(
    t.app,
    { slotMinutes: 30, ...settings },
    { startTime: '09:00', endTime: '10:00' },
  );
  const open = new Date(Date.now() + days * DAY).getUTCDay();
  for (let day = 0; day < 7; day++) {
    if (day === open) continue;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/availability/${day}`,
      headers: { cookie: owner.cookie },
      payload: { isAvailable: false, startTime: '09:00', endTime: '10:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return owner;
}

async function firstFreeDateOf(ownerId: string, tz = 'UTC'): Promise<string | null> {
  const res = await t.app.inject({ url: `/api/public/booking/${ownerId}?tz=${tz}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ firstFreeDate: string | null }>().firstFreeDate;
}

async function bookAll(ownerId: string, date: string) {
  for (const slot of await slotsOf(t.app, ownerId, date)) {
    const res = await book(t.app, ownerId, bookingOf(slot.start));
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('the first free date', () => {
  it('is the first day with a free time, not today when today has none', async () => {
    const owner = await openOneWeekday(2);
    expect(await firstFreeDateOf(owner.id)).toBe(utcDate(2));
    // The slots' own answer agrees: nothing before it, times on it.
    expect(await slotsOf(t.app, owner.id, utcDate(0))).toEqual([]);
    expect(await slotsOf(t.app, owner.id, utcDate(1))).toEqual([]);
    expect(await slotsOf(t.app, owner.id, utcDate(2))).toHaveLength(2);
  });

  it('passes over days whose times are all booked, also past the first span read with the owner', async () => {
    const owner = await openOneWeekday(2, { maxAdvanceDays: 60 });
    await bookAll(owner.id, utcDate(2));
    expect(await firstFreeDateOf(owner.id)).toBe(utcDate(9));
    await bookAll(owner.id, utcDate(9));
    await bookAll(owner.id, utcDate(16));
    expect(await firstFreeDateOf(owner.id)).toBe(utcDate(23));
  });

  it('is the visitor’s date of that time', async () => {
    const owner = await openOneWeekday(2);
    // 09:00 UTC is 22:00 the day before in Pago Pago (UTC−11), 23:00 the same day in Kiritimati (UTC+14).
    expect(await firstFreeDateOf(owner.id, 'Pacific/Pago_Pago')).toBe(utcDate(1));
    expect(await firstFreeDateOf(owner.id, 'Pacific/Kiritimati')).toBe(utcDate(2));
  });

  it('is null when the booking window has no free time', async () => {
    const owner = await openOneWeekday(2, { maxAdvanceDays: 1 });
    expect(await firstFreeDateOf(owner.id)).toBeNull();
  });
});
