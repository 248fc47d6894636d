import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@common/booking';
import { bookings } from '../../db/schema';
import { book, bookingOf, openBookingOwner, utcDate } from '../../test/booking-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const none = '00000000-0000-0000-0000-000000000000';

interface Page {
  items: Booking[];
  nextCursor: string | null;
}

async function page(user: UserClient, limit: number, cursor?: string | null): Promise<Page> {
  const res = await user.get(`/api/bookings?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A booking written straight to the table, `from` minutes from now, `length` minutes long. */
async function seed(userId: string, from: number, length = 30, status = 'Scheduled', name = `At ${from}`) {
  const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + from * MINUTE);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      userId,
      scheduledStartTime: start,
      scheduledEndTime: new Date(start.getTime() + length * MINUTE),
      bookerName: name,
      bookerEmail: 'booker@example.com',
      status,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

describe('the owner’s upcoming bookings', () => {
  it('lists the Scheduled bookings not yet ended, soonest first, a page at a time', async () => {
    const ann = await signUp(t.app, 'ann');
    const ongoing = await seed(ann.id, -20, 30);
    const later = await seed(ann.id, 600);
    const soon = await seed(ann.id, 60);
    const tomorrow = await seed(ann.id, 1500, 60);
    const inAWeek = await seed(ann.id, 7 * 1440);
    await seed(ann.id, -120); // ended
    await seed(ann.id, -60, 30); // ended half an hour ago
    await seed(ann.id, 120, 30, 'Cancelled');
    await seed(ann.id, 180, 30, 'Completed');
    const bob = await signUp(t.app, 'bob');
    await seed(bob.id, 90);

    const first = await page(ann, 2);
    expect(first.items.map((b) => b.id)).toEqual([ongoing, soon]);
    expect(first.nextCursor).toBeTruthy();
    const second = await page(ann, 2, first.nextCursor);
    expect(second.items.map((b) => b.id)).toEqual([later, tomorrow]);
    const third = await page(ann, 2, second.nextCursor);
    expect(third.items.map((b) => b.id)).toEqual([inAWeek]);
    expect(third.nextCursor).toBeNull();
    expect(first.items[0]).toEqual({
      id: ongoing,
      bookerName: 'At -20',
      bookerEmail: 'booker@example.com',
      notes: null,
      start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
      end: expect.any(String),
      status: 'Scheduled',
    });
    expect(new Date(first.items[0]!.end).getTime() - new Date(first.items[0]!.start).getTime()).toBe(30 * MINUTE);
  });

  it('walks every booking once page by page, and refuses another user’s or a forged cursor', async () => {
    const ann = await signUp(t.app, 'ann');
    const ids = [await seed(ann.id, 300), await seed(ann.id, 400), await seed(ann.id, 500)];
    const pages = [await page(ann, 1)];
    while (pages.at(-1)!.nextCursor) pages.push(await page(ann, 1, pages.at(-1)!.nextCursor));
    expect(pages.flatMap((p) => p.items.map((b) => b.id))).toEqual(ids);
    const bob = await signUp(t.app, 'bob');
    const foreign = await bob.get(`/api/bookings?cursor=${encodeURIComponent(pages[0]!.nextCursor!)}`);
    expect(foreign.statusCode).toBe(400);
    expect((await ann.get('/api/bookings?cursor=a.b')).statusCode).toBe(400);
    expect((await ann.get('/api/bookings?limit=0')).statusCode).toBe(400);
  });

  it('answers one booking to its owner only', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const id = await seed(ann.id, 60);
    const res = await ann.get(`/api/bookings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, bookerName: 'At 60', status: 'Scheduled' });
    for (const url of [`/api/bookings/${id}`, `/api/bookings/${none}`, '/api/bookings/x']) {
      const other = await bob.get(url);
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toEqual({ error: 'Not found' });
    }
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/bookings'],
      ['GET', `/api/bookings/${none}`],
      ['POST', `/api/bookings/${none}/cancel`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('cancelling a booking', () => {
  it('marks it Cancelled, drops it from the upcoming list and the calendar, and answers it again when repeated', async () => {
    const owner = await openBookingOwner(t.app);
    const start = `${utcDate(2)}T10:00:00.000Z`;
    const booked = (await book(t.app, owner.id, bookingOf(start))).json();
    const calendarUrl = `/api/calendar?from=${utcDate(2)}T00:00:00Z&to=${utcDate(3)}T00:00:00Z`;
    const calendarBefore = (await owner.get(calendarUrl)).json();
    expect(JSON.stringify(calendarBefore)).toContain(booked.id);
    expect((await page(owner, 50)).items.map((b) => b.id)).toEqual([booked.id]);

    const res = await owner.post(`/api/bookings/${booked.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: booked.id,
      bookerName: 'Vera Visitor',
      bookerEmail: 'vera@example.com',
      notes: 'About the renewal',
      start,
      end: `${utcDate(2)}T10:30:00.000Z`,
      status: 'Cancelled',
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row!.status).toBe('Cancelled');
    expect((await page(owner, 50)).items).toEqual([]);
    expect(JSON.stringify((await owner.get(calendarUrl)).json())).not.toContain(booked.id);

    const again = await owner.post(`/api/bookings/${booked.id}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it('leaves another user’s booking alone: 404', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const id = await seed(ann.id, 60);
    for (const url of [`/api/bookings/${id}/cancel`, `/api/bookings/${none}/cancel`, '/api/bookings/%00/cancel']) {
      const res = await bob.post(url);
      expect(res.statusCode, url).toBe(404);
    }
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('Scheduled');
  });

  it('keeps a completed booking as it is', async () => {
    const ann = await signUp(t.app, 'ann');
    const id = await seed(ann.id, -120, 30, 'Completed');
    const res = await ann.post(`/api/bookings/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Completed');
  });
});
