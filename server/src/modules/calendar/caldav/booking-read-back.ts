import { and, eq, sql } from 'drizzle-orm';
import { davRequest } from 'tsdav';
import type { CaldavCalendar } from '@common/calendar-caldav';
import type { Db, Tx } from '../../../db/client';
import { caldavPublished } from '../../../db/schema';
import { selectRows } from '../../../db/select-rows';
import { cancelScheduledBooking } from '../../booking/bookings';
import { addWantedNotification, utcMinute } from '../../notifications/notify';
import { publishedEventState } from './busy-events';
import { syncErrorMessage, type DavRequestOptions } from './dav-fetch';

// Two-way for bookings (issue 31; docs/decisions.md "Bookings read back from the calendar"): on each sync, the
// events published for the user's upcoming bookings are looked up in the publish calendar (one calendar-multiget of
// their ETags; the texts only of those whose ETag changed). An event deleted there, or marked cancelled, cancels its
// booking and tells the owner; one moved there does not move the client's booking: the owner is told to reschedule.

/** Bookings looked up per sync (the soonest), and per request. */
const MOST_BOOKINGS = 1_000;
const HREFS_PER_REQUEST = 200;

export interface ReadBackOutcome {
  checked: number;
  cancelled: number;
  moved: number;
}

interface PublishedBooking {
  record_id: string;
  href: string;
  etag: string | null;
  /** The row's version: a row written again since it was read is left to the next sync. */
  version: string;
  booker_name: string;
  booker_email: string;
  start: Date | string;
  end: Date | string;
}

/** The drivers differ: a timestamp arrives as a Date or as text. */
const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Whether two ETags name one version (servers differ in quoting; a weak one still names it). */
const sameEtag = (a: string | null, b: string | null) => {
  const plain = (etag: string | null) => etag?.replace(/^W\//, '').replace(/^"|"$/g, '') ?? null;
  return a !== null && plain(a) === plain(b);
};

/** An href as a path, decoded, without a trailing slash: servers answer paths, we keep full addresses. */
const pathOf = (href: string, base: string) => {
  const { pathname } = new URL(href, base);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/** The publish calendar could not be read; `message` is the reason as the user reads it. */
export class ReadBackError extends Error {
  override readonly name = 'ReadBackError';
}

type Found = { gone: true } | { gone: false; etag: string | null; text: string | null };

/** One calendar-multiget of `hrefs`: what the server holds at each (answers it does not give are left out). */
async function multiget(
  calendarUrl: string,
  hrefs: string[],
  withText: boolean,
  request: DavRequestOptions,
): Promise<Map<string, Found>> {
  const answers = await davRequest({
    url: calendarUrl,
    init: {
      method: 'REPORT',
      headers: { ...request.headers, depth: '1' },
      namespace: 'c',
      body: {
        'calendar-multiget': {
          _attributes: { 'xmlns:d': 'DAV:', 'xmlns:c': 'urn:ietf:params:xml:ns:caldav' },
          'd:prop': withText ? { 'd:getetag': {}, 'c:calendar-data': {} } : { 'd:getetag': {} },
          'd:href': hrefs.map((href) => new URL(href).pathname),
        },
      },
    },
    fetch: request.fetch,
    fetchOptions: request.fetchOptions,
  }).catch((error: unknown) => {
    throw new ReadBackError(syncErrorMessage(error));
  });
  const found = new Map<string, Found>();
  for (const answer of answers) {
    if (typeof answer.href !== 'string') continue;
    const path = pathOf(answer.href, calendarUrl);
    if (answer.status === 404 || answer.status === 410) found.set(path, { gone: true });
    else if (answer.ok) {
      const props = (answer.props ?? {}) as Record<string, unknown>;
      const data = props.calendarData as { _cdata?: unknown } | string | undefined;
      const text = typeof data === 'object' ? data._cdata : data;
      const etag = props.getetag;
      found.set(path, {
        gone: false,
        etag: typeof etag === 'string' || typeof etag === 'number' ? String(etag) : null,
        text: typeof text === 'string' ? text : null,
      });
    }
  }
  return found;
}

/** The user's Scheduled bookings not yet ended that were published to `calendarUrl`, soonest first. */
function publishedBookings(db: Db, userId: string, calendarUrl: string, now: Date) {
  return selectRows<PublishedBooking>(
    db,
    sql`select p.record_id, p.href, p.etag, p.published_at::text as version, b.booker_name, b.booker_email,
        b.scheduled_start_time as start, b.scheduled_end_time as "end"
      from caldav_published p join bookings b on b.id = p.record_id
      where p.user_id = ${userId} and p.kind = 'booking' and p.calendar_url = ${calendarUrl}
        and b.user_id = ${userId} and b.status = 'Scheduled' and b.scheduled_end_time > ${now.toISOString()}::timestamptz
      order by b.scheduled_start_time
      limit ${MOST_BOOKINGS}`,
  );
}

/** The row as it was read, while the connection still publishes to its calendar. */
const unchangedRow = (userId: string, row: PublishedBooking, calendarUrl: string) =>
  and(
    eq(caldavPublished.userId, userId),
    eq(caldavPublished.kind, 'booking'),
    eq(caldavPublished.recordId, row.record_id),
    eq(caldavPublished.calendarUrl, calendarUrl),
    sql`${caldavPublished.publishedAt}::text = ${row.version}`,
    sql`exists (select 1 from caldav_connections c where c.user_id = ${userId} and c.publish_calendar_url = ${calendarUrl})`,
  );

const calendarLink = (start: Date) => `/app/calendar?view=day&date=${start.toISOString().slice(0, 10)}`;

/**
 * The booking cancelled because its event is gone from the calendar (or cancelled there). Only while its row is as
 * it was read and the connection still publishes there: a disconnect (which drops the rows before removing the
 * events), a move to another calendar or a newer publish in between cancels nothing.
 */
async function cancelFromCalendar(db: Db, userId: string, row: PublishedBooking, calendar: CaldavCalendar) {
  const start = dateOf(row.start);
  return db.transaction(async (tx: Tx) => {
    const claimed = await tx
      .delete(caldavPublished)
      .where(unchangedRow(userId, row, calendar.url))
      .returning({ recordId: caldavPublished.recordId });
    if (!claimed.length) return false;
    const booking = await cancelScheduledBooking(tx, userId, row.record_id);
    if (!booking) return false;
    await addWantedNotification(tx, 'bookings', {
      userId,
      kind: 'booking_cancelled',
      title: `Booking cancelled: ${row.booker_name}`,
      body: `${utcMinute(start)} · ${row.booker_email} · its event was deleted from ${calendar.name}`,
      link: calendarLink(start),
      sourceId: row.record_id,
    });
    return true;
  });
}

/** The server's ETag kept, and the owner told once when the event now stands at other times than the booking. */
async function noteVersion(
  db: Db,
  userId: string,
  row: PublishedBooking,
  calendar: CaldavCalendar,
  etag: string | null,
  movedTo: { start: Date; end: Date } | null,
) {
  const start = dateOf(row.start);
  return db.transaction(async (tx: Tx) => {
    const kept = await tx
      .update(caldavPublished)
      .set({ etag })
      .where(unchangedRow(userId, row, calendar.url))
      .returning({ recordId: caldavPublished.recordId });
    if (!kept.length || !movedTo) return false;
    await addWantedNotification(tx, 'bookings', {
      userId,
      kind: 'booking_moved',
      title: `Booking moved in your calendar: ${row.booker_name}`,
      body: `The event is now at ${utcMinute(movedTo.start)}; the booking is still at ${utcMinute(start)}. Reschedule with ${row.booker_email}.`,
      link: calendarLink(start),
      sourceId: row.record_id,
    });
    return true;
  });
}

/**
 * Reads back the events published for the user's upcoming bookings and acts on what the user did to them in their
 * calendar. Throws when the calendar cannot be read (the caller records why); nothing is concluded from an answer
 * the server did not give.
 */
export async function readBackBookings(
  db: Db,
  userId: string,
  calendar: CaldavCalendar,
  { request, now, timeZone }: { request: () => DavRequestOptions; now: Date; timeZone: string },
): Promise<ReadBackOutcome> {
  const rows = await publishedBookings(db, userId, calendar.url, now);
  const outcome: ReadBackOutcome = { checked: rows.length, cancelled: 0, moved: 0 };
  for (let from = 0; from < rows.length; from += HREFS_PER_REQUEST) {
    const batch = rows.slice(from, from + HREFS_PER_REQUEST);
    const found = await multiget(
      calendar.url,
      batch.map((row) => row.href),
      false,
      request(),
    );
    const changed: PublishedBooking[] = [];
    for (const row of batch) {
      const answer = found.get(pathOf(row.href, calendar.url));
      if (answer?.gone) {
        if (await cancelFromCalendar(db, userId, row, calendar)) outcome.cancelled++;
      } else if (answer && !sameEtag(answer.etag, row.etag)) changed.push(row);
    }
    if (!changed.length) continue;
    const texts = await multiget(
      calendar.url,
      changed.map((row) => row.href),
      true,
      request(),
    );
    for (const row of changed) {
      const answer = texts.get(pathOf(row.href, calendar.url));
      if (!answer || answer.gone || answer.text === null) continue;
      const event = publishedEventState(answer.text, `pipewise-booking-${row.record_id}`, timeZone);
      if (event?.state === 'cancelled') {
        if (await cancelFromCalendar(db, userId, row, calendar)) outcome.cancelled++;
        continue;
      }
      const moved =
        event !== null &&
        (event.start.getTime() !== dateOf(row.start).getTime() || event.end.getTime() !== dateOf(row.end).getTime());
      if (await noteVersion(db, userId, row, calendar, answer.etag, moved ? event : null)) outcome.moved++;
    }
  }
  return outcome;
}
