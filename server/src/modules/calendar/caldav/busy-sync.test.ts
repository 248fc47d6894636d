import { TZDate } from '@date-fns/tz';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { calendarBusyMessages } from '@common/calendar-busy-messages';
import { calendarBusySources, calendarBusyTimes } from '../../../db/schema';
import { guardedFetch } from '../../../net/guarded-fetch';
import { book, bookingOf, openBookingOwner, slotsOf } from '../../../test/booking-kit';
import {
  caldavConfigured,
  caldavServer,
  closedPort,
  countingFetch,
  makeCalendar,
  putEvent,
} from '../../../test/caldav-busy-kit';
import { calendarObject, newYorkZone, vevent } from '../../../test/ical-kit';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';
import { syncBusyTimes, type CalDavAccount } from './busy-sync';

// Busy times read from a real CalDAV server (Radicale, scripts/caldav-server.sh) into the database, and the booking
// page's slots they block. The owner books in Berlin, open 08:00–20:00 in hour slots; their colleague's weekly
// meeting is at 10:00 New York time, so it lands at a Berlin hour that moves with both countries' clock changes.
// The dates are counted from the owner's next clock change at least three weeks away.

const ownerZone = 'Europe/Berlin';
const DAY = 86_400_000;
const HOUR = 3_600_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];
/** The instant of a wall-clock time on a date in a zone (by the runtime's zone data, not the calendar's). */
const at = (date: string, hour: number, minute: number, zone: string) => {
  const [y, m, d] = partsOf(date);
  return new Date(new TZDate(y, m - 1, d, hour, minute, zone).getTime());
};
const compact = (date: string) => date.replaceAll('-', '');
const todayIn = (zone: string) => new TZDate(Date.now(), zone).toISOString().slice(0, 10);

const today = todayIn(ownerZone);
/** The owner's next clock change day (Berlin changes in the night to a Sunday). */
const change = (() => {
  let day = addDays(today, 21);
  const offsetOn = (date: string) => at(date, 12, 0, ownerZone).getTime() - Date.parse(`${date}T12:00:00Z`);
  while (offsetOn(day) === offsetOn(addDays(day, -1))) day = addDays(day, 1);
  return day;
})();
/** The weekly meeting began on a Sunday before today: the server must find a series that started earlier. */
const seriesStart = addDays(change, -7 * (Math.ceil((Date.parse(change) - Date.parse(today)) / (7 * DAY)) + 1));

const meeting = (date: string) => ({ start: at(date, 10, 0, 'America/New_York'), title: 'Weekly sync' });

const weeklyObject = calendarObject(
  newYorkZone,
  vevent(
    'weekly-sync',
    'SUMMARY:Weekly sync',
    `DTSTART;TZID=America/New_York:${compact(seriesStart)}T100000`,
    `DTEND;TZID=America/New_York:${compact(seriesStart)}T110000`,
    'RRULE:FREQ=WEEKLY',
    `EXDATE;TZID=America/New_York:${compact(addDays(change, -7))}T100000`,
  ),
  // The meeting after the change moved to the next day, in Kolkata time (a zone the object does not define).
  vevent(
    'weekly-sync',
    'SUMMARY:Weekly sync (moved)',
    `RECURRENCE-ID;TZID=America/New_York:${compact(addDays(change, 7))}T100000`,
    `DTSTART;TZID=Asia/Kolkata:${compact(addDays(change, 8))}T163000`,
    `DTEND;TZID=Asia/Kolkata:${compact(addDays(change, 8))}T173000`,
  ),
);
const allDayObject = calendarObject(
  vevent(
    'offsite',
    'SUMMARY:Offsite',
    `DTSTART;VALUE=DATE:${compact(addDays(change, 1))}`,
    `DTEND;VALUE=DATE:${compact(addDays(change, 2))}`,
  ),
);
const freeObject = calendarObject(
  vevent(
    'reminder',
    'SUMMARY:Reminder',
    'TRANSP:TRANSPARENT',
    `DTSTART;TZID=Europe/Berlin:${compact(addDays(change, 2))}T120000`,
    `DTEND;TZID=Europe/Berlin:${compact(addDays(change, 2))}T130000`,
  ),
);

/** The first calendar's busy times as the owner should have them: [uid, start, end, title], soonest first. */
function expectedBusy(): [string, string, string, string][] {
  const windowStart = at(today, 0, 0, ownerZone).getTime();
  const windowEnd = at(addDays(today, 366), 0, 0, ownerZone).getTime();
  const rows: { start: Date; end: Date; title: string }[] = [];
  for (let date = seriesStart; at(date, 0, 0, ownerZone).getTime() < windowEnd; date = addDays(date, 7)) {
    if (date === addDays(change, -7) || date === addDays(change, 7)) continue;
    const { start, title } = meeting(date);
    rows.push({ start, end: new Date(start.getTime() + HOUR), title });
  }
  const moved = at(addDays(change, 8), 16, 30, 'Asia/Kolkata');
  rows.push({ start: moved, end: new Date(moved.getTime() + HOUR), title: 'Weekly sync (moved)' });
  rows.push({
    start: at(addDays(change, 1), 0, 0, ownerZone),
    end: at(addDays(change, 2), 0, 0, ownerZone),
    title: 'Offsite',
  });
  return rows
    .filter((row) => row.end.getTime() > windowStart && row.start.getTime() < windowEnd)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((row) => [
      row.title === 'Offsite' ? 'offsite' : 'weekly-sync',
      row.start.toISOString(),
      row.end.toISOString(),
      row.title,
    ]);
}

/** The hour slots 08:00–20:00 of an owner's date, less those overlapping `busy`. */
function openSlots(date: string, busy: { start: Date; end: Date }[] = []) {
  const slots = [];
  for (let hour = 8; hour < 20; hour++) {
    const start = at(date, hour, 0, ownerZone);
    const end = new Date(start.getTime() + HOUR);
    if (busy.some((b) => b.start < end && b.end > start)) continue;
    slots.push({ start: start.toISOString(), end: end.toISOString() });
  }
  return slots;
}

describe.skipIf(!caldavConfigured)('busy times from a CalDAV calendar', () => {
  let t: TestApp;
  let owner: UserClient;
  let work: string;
  let personal: string;
  let account: CalDavAccount;
  const fetch = guardedFetch({ allowPrivate: true });

  const busyRows = async (calendarUrl = work) =>
    (
      await t.database.db
        .select()
        .from(calendarBusyTimes)
        .where(eq(calendarBusyTimes.calendarUrl, calendarUrl))
        .orderBy(asc(calendarBusyTimes.startsAt))
    ).map((row) => [row.eventUid, row.startsAt.toISOString(), row.endsAt.toISOString(), row.title]);
  const sourceOf = async (calendarUrl: string) =>
    (await t.database.db.select().from(calendarBusySources).where(eq(calendarBusySources.calendarUrl, calendarUrl)))[0];

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await openBookingOwner(
      t.app,
      { timezone: ownerZone, maxAdvanceDays: 365, slotMinutes: 60 },
      { startTime: '08:00', endTime: '20:00' },
    );
    work = await makeCalendar();
    personal = await makeCalendar();
    await putEvent(work, 'weekly', weeklyObject);
    await putEvent(work, 'offsite', allDayObject);
    await putEvent(work, 'reminder', freeObject);
    await putEvent(
      personal,
      'dentist',
      calendarObject(
        vevent('dentist', 'SUMMARY:Dentist', `DTSTART:${compact(addDays(change, 3))}T090000Z`, 'DURATION:PT1H'),
      ),
    );
    account = { ...caldavServer, serverUrl: caldavServer.url, calendarUrls: [work, personal] };
  });
  afterAll(() => t?.close());

  it('stores the instances of the recurring, moved, all-day events in the window, and not the free one', async () => {
    const outcomes = await syncBusyTimes(t.database.db, owner.id, account, { fetch });
    expect(outcomes).toEqual([
      { calendarUrl: work, status: 'updated', busyTimes: expectedBusy().length, skipped: 0 },
      { calendarUrl: personal, status: 'updated', busyTimes: 1, skipped: 0 },
    ]);
    expect(await busyRows()).toEqual(expectedBusy());
    expect(await busyRows(personal)).toEqual([
      ['dentist', `${addDays(change, 3)}T09:00:00.000Z`, `${addDays(change, 3)}T10:00:00.000Z`, 'Dentist'],
    ]);
    expect(await sourceOf(work)).toMatchObject({ userId: owner.id, lastError: null, ctag: expect.any(String) });
  });

  it('asks an unchanged calendar one small question only', async () => {
    const counted = countingFetch(fetch);
    const outcomes = await syncBusyTimes(t.database.db, owner.id, account, { fetch: counted });
    expect(outcomes.map((o) => o.status)).toEqual(['unchanged', 'unchanged']);
    expect(counted.requests).toBe(2);
    expect(await busyRows()).toEqual(expectedBusy());
  });

  it('blocks exactly the busy slots of the booking page, across the owner’s clock change', async () => {
    const onChange = meeting(change).start;
    const busyOnChange = { start: onChange, end: new Date(onChange.getTime() + HOUR) };
    expect(await slotsOf(t.app, owner.id, change, ownerZone)).toEqual(openSlots(change, [busyOnChange]));
    expect(openSlots(change, [busyOnChange])).toHaveLength(11);
    // Two weeks earlier the same 10:00 in New York was another hour in Berlin: one country had changed its clock.
    const blockedHour = async (date: string) => {
      const offered = new Set((await slotsOf(t.app, owner.id, date, ownerZone)).map((slot) => slot.start));
      const blocked = openSlots(date).filter((slot) => !offered.has(slot.start));
      expect(blocked).toHaveLength(1);
      return new TZDate(blocked[0]!.start, ownerZone).getHours();
    };
    expect(await blockedHour(addDays(change, -14))).not.toBe(await blockedHour(change));
    // The exception, the day off, the free reminder, the moved meeting's old and new days.
    expect(await slotsOf(t.app, owner.id, addDays(change, -7), ownerZone)).toEqual(openSlots(addDays(change, -7)));
    expect(await slotsOf(t.app, owner.id, addDays(change, 1), ownerZone)).toEqual([]);
    expect(await slotsOf(t.app, owner.id, addDays(change, 2), ownerZone)).toEqual(openSlots(addDays(change, 2)));
    expect(await slotsOf(t.app, owner.id, addDays(change, 7), ownerZone)).toEqual(openSlots(addDays(change, 7)));
    const moved = at(addDays(change, 8), 16, 30, 'Asia/Kolkata');
    expect(await slotsOf(t.app, owner.id, addDays(change, 8), ownerZone)).toEqual(
      openSlots(addDays(change, 8), [{ start: moved, end: new Date(moved.getTime() + HOUR) }]),
    );
    // A visitor in New York sees the same instants blocked.
    const newYork = await slotsOf(t.app, owner.id, change, 'America/New_York');
    expect(newYork.some((slot) => slot.start === onChange.toISOString())).toBe(false);
  });

  it('refuses a booking into a busy time as a taken slot, and takes a free one', async () => {
    const blocked = meeting(change).start;
    // A slot start the rules allow, overlapping the meeting (the meeting starts on the hour in Berlin).
    const res = await book(t.app, owner.id, bookingOf(blocked.toISOString()));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: bookingMessages.slotTaken });
    const free = await book(t.app, owner.id, bookingOf(at(change, 8, 0, ownerZone).toISOString()));
    expect(free.statusCode, free.body).toBe(201);
  });

  it('keeps the last busy times when the server stops answering, and records why', async () => {
    const gone = { ...account, serverUrl: `http://127.0.0.1:${await closedPort()}/` };
    const outcomes = await syncBusyTimes(t.database.db, owner.id, gone, { fetch, now: new Date() });
    expect(outcomes).toEqual([
      { calendarUrl: work, status: 'failed', error: calendarBusyMessages.unreachable },
      { calendarUrl: personal, status: 'failed', error: calendarBusyMessages.unreachable },
    ]);
    expect(await busyRows()).toEqual(expectedBusy());
    expect(await sourceOf(work)).toMatchObject({
      lastError: calendarBusyMessages.unreachable,
      lastErrorAt: expect.any(Date),
      ctag: expect.any(String),
    });
    const onChange = meeting(change).start;
    expect((await slotsOf(t.app, owner.id, change, ownerZone)).map((slot) => slot.start)).not.toContain(
      onChange.toISOString(),
    );
  });

  it('keeps them too after a refused password, or an address the guard refuses', async () => {
    const refused = await syncBusyTimes(t.database.db, owner.id, { ...account, password: 'wrong' }, { fetch });
    expect(refused.map((o) => o.status === 'failed' && o.error)).toEqual([
      calendarBusyMessages.wrongPassword,
      calendarBusyMessages.wrongPassword,
    ]);
    const guarded = await syncBusyTimes(t.database.db, owner.id, account);
    expect(guarded.map((o) => o.status === 'failed' && o.error)).toEqual([
      calendarBusyMessages.privateAddress,
      calendarBusyMessages.privateAddress,
    ]);
    expect(await busyRows()).toEqual(expectedBusy());
  });

  it('reads a changed calendar again, clears the error, and drops a calendar no longer read', async () => {
    await putEvent(
      personal,
      'lunch',
      calendarObject(
        vevent('lunch', 'SUMMARY:Lunch', `DTSTART:${compact(addDays(change, 4))}T110000Z`, 'DURATION:PT1H'),
      ),
    );
    const outcomes = await syncBusyTimes(t.database.db, owner.id, account, { fetch });
    expect(outcomes.map((o) => o.status)).toEqual(['unchanged', 'updated']);
    expect((await busyRows(personal)).map((row) => row[0])).toEqual(['dentist', 'lunch']);
    expect(await sourceOf(work)).toMatchObject({ lastError: null, lastErrorAt: null });

    await syncBusyTimes(t.database.db, owner.id, { ...account, calendarUrls: [personal] }, { fetch });
    expect(await busyRows()).toEqual([]);
    expect(await sourceOf(work)).toBeUndefined();
    expect(await busyRows(personal)).toHaveLength(2);
  });
});
