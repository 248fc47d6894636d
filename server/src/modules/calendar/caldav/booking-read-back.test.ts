import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@common/booking';
import type { Notification } from '@common/notifications';
import { caldavPublished, notifications } from '../../../db/schema';
import { book, bookingOf, openBookingOwner, slotsOf, utcDate } from '../../../test/booking-kit';
import {
  caldavPath,
  caldavTestAccount,
  connectCaldav,
  eventText,
  makeTestCalendar,
  putTestEvent,
  until,
  type CaldavTestAccount,
} from '../../../test/caldav-kit';
import { buildTestApp, type TestApp, type UserClient } from '../../../test/test-app';
import { runBusySync, sendDueBusySyncs, startBusySyncJobs } from './busy-sync-jobs';
import { startCaldavPublishing } from './publish-jobs';

// Two-way for bookings against the test CalDAV server (Radicale, scripts/caldav-server.sh): what the owner does in
// their calendar app to a booking's published event reaches the product on the next sync. Deleting it (or marking
// it cancelled) cancels the booking and tells the owner; moving it tells the owner to reschedule and leaves the
// client's booking where it is.

const account = caldavTestAccount();
const day = utcDate(4);

describe.skipIf(!account)('bookings read back from the calendar', () => {
  const alice = account as CaldavTestAccount;
  let t: TestApp;
  let publishing: { stop(): Promise<void> };
  let syncJobs: { stop(): Promise<void> };
  let owner: UserClient;
  let calendar: string;

  const sync = (user: UserClient) => runBusySync(t.app.db, t.app.secrets, { allowPrivateHosts: true }, user.id);
  const publishedHref = async (bookingId: string) => {
    const [row] = await t.app.db
      .select({ href: caldavPublished.href })
      .from(caldavPublished)
      .where(and(eq(caldavPublished.kind, 'booking'), eq(caldavPublished.recordId, bookingId)));
    return row?.href ?? null;
  };
  const bookingOfOwner = async (id: string) => (await owner.get(`/api/bookings/${id}`)).json<Booking>();
  const bell = async (user: UserClient) =>
    (await user.get('/api/notifications')).json<{ items: Notification[] }>().items.map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
    }));
  /** Books the slot at `hour` (UTC) on the day, and waits for its event to be published. */
  const bookAt = async (hour: number, name: string) => {
    const start = `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const res = await book(
      t.app,
      owner.id,
      bookingOf(start, { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    let href: string | null = null;
    await until(async () => (href = await publishedHref(id)) !== null);
    return { id, href: href!, start };
  };
  /** The event as the owner's calendar app writes it back: the same text with some lines replaced. */
  const editEvent = async (href: string, edit: (ics: string) => string) => {
    const ics = await eventText(alice, href);
    expect(ics).not.toBeNull();
    const name = decodeURIComponent(new URL(href).pathname.split('/').pop()!).replace(/\.ics$/, '');
    await putTestEvent(alice, new URL('./', href).href, name, edit(ics!));
  };
  const deleteEvent = async (href: string) => {
    const res = await fetch(href, {
      method: 'DELETE',
      headers: { authorization: `Basic ${Buffer.from(`${alice.username}:${alice.password}`).toString('base64')}` },
    });
    await res.text();
    expect(res.ok).toBe(true);
  };

  beforeAll(async () => {
    t = await buildTestApp({ allowPrivateHosts: true }, { jobs: true });
    publishing = await startCaldavPublishing(t.app.db, t.app.jobs!, t.app.secrets, {
      allowPrivate: true,
      publicUrl: 'http://localhost:3000',
      log: { warn: () => undefined },
      dispatchEveryMs: 100,
      retryDelaySeconds: 1,
      timeoutMs: 5_000,
    });
    syncJobs = await startBusySyncJobs(t.app.db, t.app.jobs!, t.app.secrets, {
      allowPrivateHosts: true,
      log: { warn: () => undefined },
      scheduled: true,
    });
    owner = await openBookingOwner(t.app, { slotMinutes: 60 }, { startTime: '08:00', endTime: '17:00' });
    calendar = await makeTestCalendar(alice, 'Appointments');
    await connectCaldav(t.app, owner, alice, { publishCalendarUrl: calendar });
  }, 60_000);
  afterAll(async () => {
    await syncJobs?.stop();
    await publishing?.stop();
    await t?.close();
  });

  it('cancels a booking whose event the owner deleted in their calendar, tells them, and frees the slot', async () => {
    const booking = await bookAt(9, 'Dora Deleted');
    const kept = await bookAt(10, 'Kim Kept');
    expect((await slotsOf(t.app, owner.id, day)).map((slot) => slot.start)).not.toContain(booking.start);

    // The schedule's round: an owner who reads no calendar but has bookings published is synced too.
    await deleteEvent(booking.href);
    await sendDueBusySyncs(t.app.jobs!);
    await until(async () => (await bookingOfOwner(booking.id)).status === 'Cancelled');
    expect((await bookingOfOwner(kept.id)).status).toBe('Scheduled');
    expect(await bell(owner)).toContainEqual({
      kind: 'booking_cancelled',
      title: 'Booking cancelled: Dora Deleted',
      body: `${day} 09:00 UTC · dora@example.com · its event was deleted from Appointments`,
    });
    expect((await slotsOf(t.app, owner.id, day)).map((slot) => slot.start)).toContain(booking.start);
    // Nothing publishes it again, and a second sync adds nothing.
    await until(async () => (await publishedHref(booking.id)) === null);
    expect(await eventText(alice, booking.href)).toBeNull();
    const before = await bell(owner);
    await sync(owner);
    expect(await bell(owner)).toEqual(before);
  });

  it('cancels a booking whose event was marked cancelled there', async () => {
    const booking = await bookAt(11, 'Cleo Cancelled');
    await editEvent(booking.href, (ics) => ics.replace('END:VEVENT', 'STATUS:CANCELLED\r\nEND:VEVENT'));
    await sync(owner);
    expect((await bookingOfOwner(booking.id)).status).toBe('Cancelled');
    expect((await bell(owner)).map((n) => n.title)).toContain('Booking cancelled: Cleo Cancelled');
  });

  it('tells the owner to reschedule a booking whose event they moved, and leaves the booking where it is', async () => {
    const booking = await bookAt(13, 'Max Moved');
    const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
    await editEvent(booking.href, (ics) =>
      ics
        .replace(/DTSTART:\S+/, `DTSTART:${compact(`${day}T15:00:00.000Z`)}`)
        .replace(/DTEND:\S+/, `DTEND:${compact(`${day}T16:00:00.000Z`)}`),
    );
    await sync(owner);
    expect(await bookingOfOwner(booking.id)).toMatchObject({ status: 'Scheduled', start: booking.start });
    expect(await bell(owner)).toContainEqual({
      kind: 'booking_moved',
      title: 'Booking moved in your calendar: Max Moved',
      body: `The event is now at ${day} 15:00 UTC; the booking is still at ${day} 13:00 UTC. Reschedule with max@example.com.`,
    });
    // Told once: the next sync finds the event as it was last seen.
    await sync(owner);
    const moved = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'booking_moved'));
    expect(moved).toHaveLength(1);
  });

  it('changes nothing for an event edited without moving it, or for a booking cancelled in the product', async () => {
    const renamed = await bookAt(14, 'Rita Renamed');
    await editEvent(renamed.href, (ics) => ics.replace(/SUMMARY:[^\r\n]*/, 'SUMMARY:Call Rita (bring the quote)'));
    const cancelled = await bookAt(16, 'Paul Product');
    expect((await owner.post(`/api/bookings/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const before = await bell(owner);
    await sync(owner);
    expect((await bookingOfOwner(renamed.id)).status).toBe('Scheduled');
    expect(await bell(owner)).toEqual(before);
  });

  it('cancels nothing when the owner disconnects, though the events leave the calendar', async () => {
    const booking = await bookAt(8, 'Nora Notcancelled');
    expect((await owner.delete(caldavPath)).statusCode).toBe(200);
    expect(await eventText(alice, booking.href)).toBeNull();
    await sync(owner);
    expect((await bookingOfOwner(booking.id)).status).toBe('Scheduled');
  });
});
