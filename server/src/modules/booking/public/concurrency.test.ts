import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { book, bookingOf, bookingRows, openBookingOwner, utcDate } from '../../../test/booking-kit';

// Decisions.md item 15: two visitors can never book overlapping times. Runs on PGlite and on PostgreSQL, where the
// requests really overlap on the pool's connections.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('many visitors at once', () => {
  it('give one slot to exactly one of 50 parallel bookings; the 49 others get 409 and nothing is stored for them', async () => {
    const owner = await openBookingOwner(t.app);
    const start = `${utcDate(3)}T09:00:00.000Z`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(t.app, owner.id, bookingOf(start, { name: `Visitor ${i}` }))),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(
      codes.filter((code) => code === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((code) => code === 409),
      JSON.stringify(codes),
    ).toHaveLength(49);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toEqual({ error: bookingMessages.slotTaken });
    }
    const rows = await bookingRows(t.database.db, owner.id);
    expect(rows).toHaveLength(1);
    const winner = answers.find((res) => res.statusCode === 201)!.json();
    expect(rows[0]).toMatchObject({ id: winner.id, scheduledStartTime: new Date(start), status: 'Scheduled' });
  });

  it('answer parallel retries of one booking with the one booking they made', async () => {
    const owner = await openBookingOwner(t.app);
    const input = bookingOf(`${utcDate(3)}T10:00:00.000Z`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(t.app, owner.id, input)));
    const codes = answers.map((res) => res.statusCode);
    expect(
      codes.filter((code) => code === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((code) => code === 200),
      JSON.stringify(codes),
    ).toHaveLength(9);
    expect(new Set(answers.map((res) => res.json<{ id: string }>().id)).size).toBe(1);
    expect(await bookingRows(t.database.db, owner.id)).toHaveLength(1);
  });

  it('keep overlapping bookings of different lengths apart when they race', async () => {
    const owner = await openBookingOwner(t.app, { slotMinutes: 15 });
    const day = utcDate(3);
    // 15-minute slots from 11:00 and a 60-minute one at 11:00 (after the change below) race for one hour.
    const quarter = ['11:00', '11:15', '11:30', '11:45'].map((time) => bookingOf(`${day}T${time}:00.000Z`));
    const racing = quarter.map((input) => book(t.app, owner.id, input));
    await owner.patch('/api/scheduling/settings', { slotMinutes: 60 });
    racing.push(book(t.app, owner.id, bookingOf(`${day}T11:00:00.000Z`)));
    const answers = await Promise.all(racing);
    // A quarter slot read after the change is off the hour grid (400); none may overlap another.
    for (const res of answers) expect([201, 400, 409]).toContain(res.statusCode);
    const rows = (await bookingRows(t.database.db, owner.id)).sort(
      (a, b) => a.scheduledStartTime.getTime() - b.scheduledStartTime.getTime(),
    );
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.scheduledStartTime.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.scheduledEndTime.getTime());
    }
    expect(rows.length).toBe(answers.filter((res) => res.statusCode === 201).length);
  });
});
