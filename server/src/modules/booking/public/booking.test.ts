import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { bookings, notifications } from '../../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { book, bookingOf, bookingRows, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';

// A visitor booking a slot of the public booking page: stored for the slot's length, within the notice and advance
// the slots show, idempotent, the owner notified once, and no two bookings overlapping. The page and its slots:
// booking-page.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const notificationRows = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const MINUTE = 60_000;

function sqlStateOf(error: unknown): unknown {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as never
  ) {
    if (current.code) return current.code;
  }
  return undefined;
}

describe('booking a slot', () => {
  it('books a free slot: 201 with the confirmation, stored as Scheduled for the slot’s length', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 45, timezone: 'Europe/Berlin' });
    const [slot] = await slotsOf(t.app, owner.id, utcDate(2));
    const input = bookingOf(slot!.start, { name: '  Vera Visitor ', notes: '' });
    const res = await book(t.app, owner.id, input);
    expect(res.statusCode, res.body).toBe(201);
    const confirmation = res.json();
    expect(confirmation).toEqual({
      id: expect.any(String),
      start: slot!.start,
      end: new Date(new Date(slot!.start).getTime() + 45 * MINUTE).toISOString(),
      ownerName: 'Olivia Owner',
      ownerTimeZone: 'Europe/Berlin',
    });
    expect(await bookingRows(t.database.db, owner.id)).toEqual([
      expect.objectContaining({
        id: confirmation.id,
        scheduledStartTime: new Date(slot!.start),
        scheduledEndTime: new Date(confirmation.end),
        bookerName: 'Vera Visitor',
        bookerEmail: 'vera@example.com',
        notes: null,
        status: 'Scheduled',
        idempotencyKey: input.idempotencyKey,
      }),
    ]);
  });

  it('takes the start with any offset that names the same instant', async () => {
    const owner = await openBookingOwner(t.app);
    const date = utcDate(3);
    const res = await book(t.app, owner.id, bookingOf(`${date}T15:30:00+05:30`)); // 10:00 UTC
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().start).toBe(`${date}T10:00:00.000Z`);
  });

  it('enforces the minimum notice exactly as the slots show it', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 15 });
    const soon = [...(await slotsOf(t.app, owner.id, utcDate(0))), ...(await slotsOf(t.app, owner.id, utcDate(1)))];
    const inside = soon.find((slot) => new Date(slot.start).getTime() > Date.now() + 61 * MINUTE)!;
    // The notice ends about a minute after `inside` starts.
    const notice = Math.round((new Date(inside.start).getTime() - Date.now()) / MINUTE) + 1;
    await owner.patch('/api/scheduling/settings', { minNoticeMinutes: notice });
    const shown = [...(await slotsOf(t.app, owner.id, utcDate(0))), ...(await slotsOf(t.app, owner.id, utcDate(1)))];
    expect(shown.map((slot) => slot.start)).not.toContain(inside.start);
    // The next slot is shown (15 minutes on, or after the 23:30–24:00 gap).
    const next = shown.find((slot) => slot.start > inside.start)!.start;
    expect(new Date(next).getTime() - new Date(inside.start).getTime()).toBeLessThanOrEqual(45 * MINUTE);
    expect(shown.filter((slot) => slot.start < inside.start)).toEqual([]);

    const refused = await book(t.app, owner.id, bookingOf(inside.start));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ error: bookingMessages.notASlot, fields: { start: bookingMessages.notASlot } });
    expect(await bookingRows(t.database.db, owner.id)).toEqual([]);
    expect((await book(t.app, owner.id, bookingOf(next))).statusCode).toBe(201);
  });

  it('enforces the maximum advance exactly as the slots show it', async () => {
    const owner = await openBookingOwner(t.app, { maxAdvanceDays: 7 });
    const refused = await book(t.app, owner.id, bookingOf(`${utcDate(8)}T00:00:00Z`));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toBe(bookingMessages.notASlot);
    const lastSlot = (await slotsOf(t.app, owner.id, utcDate(7))).at(-1)!;
    expect((await book(t.app, owner.id, bookingOf(lastSlot.start))).statusCode).toBe(201);
    expect(await bookingRows(t.database.db, owner.id)).toHaveLength(1);
  });

  it('refuses a time that is not a free slot, in the past, bad details or oversize notes with 400, storing nothing', async () => {
    const owner = await openBookingOwner(t.app, {}, { startTime: '09:00', endTime: '17:00' });
    const day = utcDate(2);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [bookingOf(`${day}T09:10:00Z`), 'start', bookingMessages.notASlot],
      [bookingOf(`${day}T08:30:00Z`), 'start', bookingMessages.notASlot],
      [bookingOf(`${day}T17:00:00Z`), 'start', bookingMessages.notASlot],
      [bookingOf(`${day}T16:45:00Z`), 'start', bookingMessages.notASlot],
      [bookingOf(`${utcDate(-1)}T10:00:00Z`), 'start', bookingMessages.notASlot],
      [bookingOf('0000-01-01T10:00:00Z'), 'start', bookingMessages.notASlot],
      [bookingOf(`${day}T10:00:00`), 'start', bookingMessages.notASlot],
      [bookingOf('tomorrow'), 'start', bookingMessages.notASlot],
      [bookingOf(`${day}T10:00:00Z`, { email: 'not-an-email' }), 'email', bookingMessages.emailInvalid],
      [bookingOf(`${day}T10:00:00Z`, { email: `${'a'.repeat(250)}@x.io` }), 'email', bookingMessages.emailInvalid],
      [bookingOf(`${day}T10:00:00Z`, { email: undefined }), 'email', bookingMessages.emailInvalid],
      [bookingOf(`${day}T10:00:00Z`, { name: '   ' }), 'name', bookingMessages.nameRequired],
      [bookingOf(`${day}T10:00:00Z`, { name: 5 }), 'name', bookingMessages.nameRequired],
      [bookingOf(`${day}T10:00:00Z`, { notes: 'x'.repeat(2001) }), 'notes', 'Notes must be at most 2000 characters'],
      [bookingOf(`${day}T10:00:00Z`, { idempotencyKey: 'again' }), 'idempotencyKey', 'Invalid idempotency key'],
    ];
    for (const [body, field, message] of cases) {
      const res = await book(t.app, owner.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body).slice(0, 120)).toBe(message);
    }
    expect(await bookingRows(t.database.db, owner.id)).toEqual([]);
    expect((await book(t.app, owner.id, bookingOf(`${day}T16:30:00Z`, { notes: 'x'.repeat(2000) }))).statusCode).toBe(
      201,
    );
  });

  it('refuses an oversize or non-JSON body with a 4xx, never a 500', async () => {
    const owner = await openBookingOwner(t.app);
    const huge = await book(t.app, owner.id, bookingOf(`${utcDate(2)}T10:00:00Z`, { notes: 'x'.repeat(40_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBeTypeOf('string');
    const megabytes = await book(t.app, owner.id, { junk: 'x'.repeat(3_000_000) });
    expect(megabytes.statusCode).toBe(413);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/public/booking/${owner.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    expect(await bookingRows(t.database.db, owner.id)).toEqual([]);
  });

  it('answers a retry with the same key with the booking it made, storing one', async () => {
    const owner = await openBookingOwner(t.app);
    const input = bookingOf(`${utcDate(2)}T10:00:00Z`);
    const first = await book(t.app, owner.id, input);
    expect(first.statusCode, first.body).toBe(201);
    const again = await book(t.app, owner.id, input);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Even for another time: the key names the attempt, and it succeeded.
    const changed = await book(t.app, owner.id, { ...input, start: `${utcDate(2)}T11:00:00Z` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().id).toBe(first.json().id);
    expect(await bookingRows(t.database.db, owner.id)).toHaveLength(1);
    // The same key on another owner's page is another attempt.
    const other = await openBookingOwner(t.app);
    expect((await book(t.app, other.id, input)).statusCode).toBe(201);
  });

  it('notifies the owner once in the booking’s transaction, not again on a retry', async () => {
    const owner = await openBookingOwner(t.app);
    const start = `${utcDate(2)}T10:00:00.000Z`;
    const input = bookingOf(start, { name: ' Vera Visitor ' });
    const first = await book(t.app, owner.id, input);
    expect(first.statusCode, first.body).toBe(201);
    expect((await book(t.app, owner.id, input)).statusCode).toBe(200);
    const raced = await Promise.all(Array.from({ length: 4 }, () => book(t.app, owner.id, input)));
    expect(raced.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await notificationRows(owner.id)).toEqual([
      expect.objectContaining({
        kind: 'booking',
        title: 'New booking: Vera Visitor',
        body: `${utcDate(2)} 10:00 UTC · vera@example.com`,
        link: `/app/calendar?view=day&date=${utcDate(2)}`,
        sourceId: first.json().id,
        readAt: null,
      }),
    ]);
    const unread = await owner.get('/api/notifications/unread');
    expect(unread.json()).toMatchObject({ count: 1, newest: { kind: 'booking', title: 'New booking: Vera Visitor' } });
  });

  it('does not notify an owner who turned bookings off, nor for a refused booking', async () => {
    const owner = await openBookingOwner(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie: owner.cookie },
      payload: { formSubmissions: true, bookings: false, overdue: true, assignments: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await book(t.app, owner.id, bookingOf(`${utcDate(2)}T10:00:00Z`))).statusCode).toBe(201);
    // Refused: the time is taken, and not a slot.
    expect((await book(t.app, owner.id, bookingOf(`${utcDate(2)}T10:00:00Z`))).statusCode).toBe(409);
    expect((await book(t.app, owner.id, bookingOf(`${utcDate(2)}T10:07:00Z`))).statusCode).toBe(400);
    expect(await bookingRows(t.database.db, owner.id)).toHaveLength(1);
    expect(await notificationRows(owner.id)).toEqual([]);
  });

  it('answers 409 for a time taken meanwhile, and the slots no longer show it', async () => {
    const owner = await openBookingOwner(t.app);
    const start = `${utcDate(2)}T10:00:00.000Z`;
    expect((await book(t.app, owner.id, bookingOf(start))).statusCode).toBe(201);
    const taken = await book(t.app, owner.id, bookingOf(start, { name: 'Second' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: bookingMessages.slotTaken });
    expect((await slotsOf(t.app, owner.id, utcDate(2))).map((slot) => slot.start)).not.toContain(start);
    expect(await bookingRows(t.database.db, owner.id)).toHaveLength(1);
  });

  it('frees the slot when the owner cancels the booking', async () => {
    const owner = await openBookingOwner(t.app);
    const start = `${utcDate(2)}T12:00:00.000Z`;
    const first = (await book(t.app, owner.id, bookingOf(start))).json();
    const cancelled = await owner.post(`/api/bookings/${first.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await slotsOf(t.app, owner.id, utcDate(2))).map((slot) => slot.start)).toContain(start);
    const second = await book(t.app, owner.id, bookingOf(start, { name: 'Next' }));
    expect(second.statusCode, second.body).toBe(201);
    const rows = await bookingRows(t.database.db, owner.id);
    expect(rows.map((row) => [row.bookerName, row.status]).sort()).toEqual([
      ['Next', 'Scheduled'],
      ['Vera Visitor', 'Cancelled'],
    ]);
  });

  it('lets the database refuse overlapping bookings of different lengths', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 60 });
    const day = utcDate(2);
    expect((await book(t.app, owner.id, bookingOf(`${day}T10:00:00Z`))).statusCode).toBe(201);
    await owner.patch('/api/scheduling/settings', { slotMinutes: 30 });
    // 10:30 is on the half-hour grid, and overlaps 10:00–11:00.
    const overlapping = await book(t.app, owner.id, bookingOf(`${day}T10:30:00Z`));
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect((await book(t.app, owner.id, bookingOf(`${day}T11:00:00Z`))).statusCode).toBe(201);
    await owner.patch('/api/scheduling/settings', { slotMinutes: 15 });
    expect((await book(t.app, owner.id, bookingOf(`${day}T11:15:00Z`))).statusCode).toBe(409);
    expect((await book(t.app, owner.id, bookingOf(`${day}T11:30:00Z`))).statusCode).toBe(201);

    // Written straight to the table, the overlap is refused too (SQLSTATE 23P01), but not for a cancelled one.
    const insert = (start: string, end: string, status: string) =>
      t.database.db.execute(sql`insert into bookings (user_id, scheduled_start_time, scheduled_end_time,
          booker_name, booker_email, status)
        values (${owner.id}, ${start}, ${end}, 'Direct', 'd@example.com', ${status})`);
    const failure = await insert(`${day}T10:45:00Z`, `${day}T10:50:00Z`, 'Scheduled').catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('23P01');
    await insert(`${day}T10:45:00Z`, `${day}T10:50:00Z`, 'Cancelled');
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.userId, owner.id));
    expect(rows.filter((row) => row.status === 'Scheduled')).toHaveLength(3);
  });
});
