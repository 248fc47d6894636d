import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { schedulingSettings, users } from '../../../db/schema';
import { buildTestApp, signUp, type TestApp } from '../../../test/test-app';
import { book, bookingOf, bookingRows, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';

// The public booking page's owner, as visitors see them, the free slots it offers, and its rate limit. Booking a
// slot: booking.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const none = '00000000-0000-0000-0000-000000000000';

describe('the public owner', () => {
  it('shows only the name, picture, initials, time format, zone, slot length and bookable dates', async () => {
    const owner = await openBookingOwner(t.app, { timezone: 'America/New_York', timeFormat: '12h', slotMinutes: 45 });
    const avatarUrl = `/api/avatars/${owner.id}?v=abc123`;
    await t.database.db.update(users).set({ avatarUrl }).where(eq(users.id, owner.id));
    const res = await get(`/api/public/booking/${owner.id}?tz=Asia/Kolkata`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'avatarUrl',
      'confirmsByEmail',
      'firstDate',
      'firstFreeDate',
      'initials',
      'lastDate',
      'name',
      'slotMinutes',
      'timeFormat',
      'timeZone',
    ]);
    expect(body).toMatchObject({
      name: 'Olivia Owner',
      avatarUrl,
      initials: 'OO',
      timeFormat: '12h',
      timeZone: 'America/New_York',
      slotMinutes: 45,
    });
    expect(body.firstDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body).not.toContain(owner.email);
    expect(res.body.toLowerCase()).not.toContain('@');
  });

  it('gives a user who never saved settings the defaults, in UTC, from today to 90 days ahead', async () => {
    const fresh = await signUp(t.app, 'Sam');
    const body = (await get(`/api/public/booking/${fresh.id}`)).json();
    expect(body).toEqual({
      name: 'Sam',
      avatarUrl: null,
      initials: 'S',
      timeFormat: '24h',
      timeZone: 'UTC',
      slotMinutes: 30,
      firstDate: utcDate(0),
      lastDate: utcDate(90),
      firstFreeDate: null,
      confirmsByEmail: false,
    });
    // Days are off until saved; reading the page makes no settings row.
    expect(await slotsOf(t.app, fresh.id, utcDate(1))).toEqual([]);
    expect(
      await t.database.db.select().from(schedulingSettings).where(eq(schedulingSettings.userId, fresh.id)),
    ).toEqual([]);
  });

  it('answers an unknown or malformed user id with the page’s 404, on every route', async () => {
    for (const url of [`/api/public/booking/${none}`, '/api/public/booking/x', '/api/public/booking/%00']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: bookingMessages.ownerNotFound });
    }
    const slots = await get(`/api/public/booking/${none}/slots?date=${utcDate(1)}&tz=UTC`);
    expect(slots.statusCode).toBe(404);
    expect(slots.json().error).toBe(bookingMessages.ownerNotFound);
    for (const id of [none, 'not-a-user']) {
      const res = await book(t.app, id, bookingOf(`${utcDate(1)}T10:00:00Z`));
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(bookingMessages.ownerNotFound);
    }
  });

  it('refuses an unknown visitor time zone or date with the field’s message', async () => {
    const owner = await openBookingOwner(t.app);
    const cases: Array<[string, string, string]> = [
      [`?tz=Mars/Olympus`, 'tz', bookingMessages.timeZoneInvalid],
      [`/slots?date=${utcDate(1)}`, 'tz', bookingMessages.timeZoneInvalid],
      [`/slots?date=${utcDate(1)}&tz=Mars/Olympus`, 'tz', bookingMessages.timeZoneInvalid],
      [`/slots?tz=UTC`, 'date', bookingMessages.dateInvalid],
      [`/slots?date=2026-02-30&tz=UTC`, 'date', bookingMessages.dateInvalid],
      [`/slots?date=tomorrow&tz=UTC`, 'date', bookingMessages.dateInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/public/booking/${owner.id}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: message, fields: expect.objectContaining({ [field]: message }) });
    }
  });
});

describe('free slots', () => {
  it('lists the day’s slots in the visitor’s zone, without the booked ones', async () => {
    const owner = await openBookingOwner(t.app);
    const tomorrow = utcDate(1);
    const slots = await slotsOf(t.app, owner.id, tomorrow);
    expect(slots).toHaveLength(47);
    expect(slots[0]).toEqual({ start: `${tomorrow}T00:00:00.000Z`, end: `${tomorrow}T00:30:00.000Z` });
    const booked = await book(t.app, owner.id, bookingOf(slots[3]!.start));
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await slotsOf(t.app, owner.id, tomorrow);
    expect(after.map((slot) => slot.start)).toEqual(slots.filter((_, i) => i !== 3).map((slot) => slot.start));
    // Seen from Kolkata (UTC+5:30), the same instants fall on two local dates.
    const kolkata = await slotsOf(t.app, owner.id, utcDate(2), 'Asia/Kolkata');
    expect(kolkata[0]!.start).toBe(`${tomorrow}T18:30:00.000Z`);
    expect(kolkata.at(-1)!.start).toBe(`${utcDate(2)}T18:00:00.000Z`);
    expect(kolkata).toHaveLength(47); // 18:30–23:00 and 00:00–18:00 UTC: 23:30–24:00 is never available
  });

  it('offers nothing on days off or past the maximum advance', async () => {
    const owner = await openBookingOwner(t.app, { maxAdvanceDays: 7 });
    expect(await slotsOf(t.app, owner.id, utcDate(7))).toHaveLength(47);
    expect(await slotsOf(t.app, owner.id, utcDate(8))).toEqual([]);
    expect(await slotsOf(t.app, owner.id, utcDate(-1))).toEqual([]);
    expect(await slotsOf(t.app, owner.id, '9999-12-31')).toEqual([]);
    expect(await slotsOf(t.app, owner.id, '0001-01-01', 'Pacific/Kiritimati')).toEqual([]);
    expect((await get(`/api/public/booking/${owner.id}?tz=UTC`)).json()).toMatchObject({
      firstDate: utcDate(0),
      lastDate: utcDate(7),
    });
  });
});

describe('the booking rate limit', () => {
  it('refuses more bookings per minute from one address with the page’s message; reading is not limited', async () => {
    const limited = await buildTestApp({ bookingAttemptsPerMinute: 3 });
    try {
      const owner = await openBookingOwner(limited.app);
      const answers = [];
      for (const hour of ['10', '11', '12', '13']) {
        answers.push(await book(limited.app, owner.id, bookingOf(`${utcDate(2)}T${hour}:00:00Z`)));
      }
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 429]);
      expect(answers[3]!.json()).toEqual({ error: bookingMessages.tooMany });
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await bookingRows(limited.database.db, owner.id)).toHaveLength(3);
      expect((await slotsOf(limited.app, owner.id, utcDate(2))).length).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  }, 180_000);
});
