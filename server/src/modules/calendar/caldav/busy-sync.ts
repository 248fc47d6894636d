import { and, eq, notInArray } from 'drizzle-orm';
import { fetchCalendarObjects, propfind } from 'tsdav';
import type { TimeRange } from '@common/booking';
import { bookingWindow, dateIn, dayRange } from '@common/booking-slots';
import { schedulingDefaults } from '@common/scheduling';
import type { Db } from '../../../db/client';
import { calendarBusySources, calendarBusyTimes, schedulingSettings } from '../../../db/schema';
import { busyIntervals, type BusyInterval } from './busy-events';
import { davReads, DavStatusError, syncErrorMessage, type DavReadOptions, type DavRequestOptions } from './dav-fetch';

// Busy times of a user's read calendars, kept in the database for the booking page (issue 31; decisions.md
// "Calendar busy times"). Per calendar: one PROPFIND of its getctag and sync-token; only when either changed (or
// the window reaches a day further than what is stored) are its events in the window fetched, expanded and put in
// place of its busy times in one transaction. A calendar that fails keeps its busy times and records why.

export interface CalDavAccount {
  serverUrl: string;
  username: string;
  password: string;
  /** The calendars to read busy times from; any other calendar's busy times of this user are dropped. */
  calendarUrls: readonly string[];
}

export interface BusySyncOptions extends DavReadOptions {
  now?: Date;
}

export type CalendarSyncOutcome =
  | { calendarUrl: string; status: 'unchanged' }
  | { calendarUrl: string; status: 'updated'; busyTimes: number; skipped: number }
  | { calendarUrl: string; status: 'failed'; error: string };

/** Rows per INSERT: six parameters each, well under PostgreSQL's 65,535. */
const INSERT_BATCH = 1_000;

/** The busy times the booking page can need: from the start of the owner's today to their last bookable day. */
export async function ownerWindow(db: Db, userId: string, now: Date): Promise<{ window: TimeRange; timeZone: string }> {
  const [settings] = await db
    .select({ timeZone: schedulingSettings.timezone, maxAdvanceDays: schedulingSettings.maxAdvanceDays })
    .from(schedulingSettings)
    .where(eq(schedulingSettings.userId, userId));
  const timeZone = settings?.timeZone ?? 'UTC';
  const maxAdvanceDays = settings?.maxAdvanceDays ?? schedulingDefaults.maxAdvanceDays;
  const rules = { timeZone, maxAdvanceDays, minNoticeMinutes: 0, slotMinutes: 30, availability: [] };
  const start = dayRange(dateIn(now, timeZone), timeZone).start;
  return { window: { start, end: bookingWindow(rules, now).end }, timeZone };
}

interface CalendarState {
  ctag: string | null;
  syncToken: string | null;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The calendar's getctag and sync-token (either may be missing: then every sync reads the events). */
async function calendarState(url: string, request: DavRequestOptions): Promise<CalendarState> {
  const [answer] = await propfind({ url, props: { 'cs:getctag': {}, 'd:sync-token': {} }, depth: '0', ...request });
  if (!answer) throw new DavStatusError(207, 'without a response');
  if (answer.status && !answer.ok) throw new DavStatusError(answer.status, answer.statusText ?? '');
  return { ctag: textOf(answer.props?.getctag), syncToken: textOf(answer.props?.syncToken) };
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The iCalendar texts of the calendar's events with an instance in the window (the server expands recurrences). */
async function eventsIn(url: string, window: TimeRange, request: DavRequestOptions): Promise<string[]> {
  const objects = await fetchCalendarObjects({
    calendar: { url },
    timeRange: { start: window.start.toISOString(), end: window.end.toISOString() },
    // Any member of the collection: not every server names its objects *.ics.
    urlFilter: (href) => !sameUrl(new URL(href, url).href, url),
    ...request,
  });
  return objects.flatMap((object) => (typeof object.data === 'string' ? [object.data] : []));
}

/**
 * The calendar's state, and its busy intervals unless the state and the window show nothing new since `last`.
 * Everything that talks to the server; it throws when the calendar cannot be read.
 */
async function readCalendar(
  url: string,
  last: typeof calendarBusySources.$inferSelect | undefined,
  request: DavRequestOptions,
  { window, timeZone }: { window: TimeRange; timeZone: string },
) {
  const state = await calendarState(url, request);
  const unchanged =
    Boolean(state.ctag ?? state.syncToken) &&
    last?.ctag === state.ctag &&
    last.syncToken === state.syncToken &&
    last.windowEnd !== null &&
    last.windowEnd.getTime() >= window.end.getTime();
  if (unchanged) return { state, busy: null };
  return { state, busy: busyIntervals(await eventsIn(url, window, request), window, timeZone) };
}

async function replaceBusyTimes(
  db: Db,
  userId: string,
  calendarUrl: string,
  intervals: BusyInterval[],
  state: CalendarState & { windowEnd: Date; syncedAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(calendarBusyTimes)
      .where(and(eq(calendarBusyTimes.userId, userId), eq(calendarBusyTimes.calendarUrl, calendarUrl)));
    for (let from = 0; from < intervals.length; from += INSERT_BATCH) {
      await tx.insert(calendarBusyTimes).values(
        intervals.slice(from, from + INSERT_BATCH).map((interval) => ({
          userId,
          calendarUrl,
          eventUid: interval.uid,
          startsAt: interval.start,
          endsAt: interval.end,
          title: interval.title,
        })),
      );
    }
    const values = { ...state, lastError: null, lastErrorAt: null };
    await tx
      .insert(calendarBusySources)
      .values({ userId, calendarUrl, ...values })
      .onConflictDoUpdate({ target: [calendarBusySources.userId, calendarBusySources.calendarUrl], set: values });
  });
}

/** Writes one column set of a calendar's state, making its row if it has none. */
async function updateSource(
  db: Db,
  userId: string,
  calendarUrl: string,
  set: Partial<typeof calendarBusySources.$inferInsert>,
) {
  await db
    .insert(calendarBusySources)
    .values({ userId, calendarUrl, ...set })
    .onConflictDoUpdate({ target: [calendarBusySources.userId, calendarBusySources.calendarUrl], set });
}

/** Busy times and states of calendars no longer read. */
async function dropOtherCalendars(db: Db, userId: string, calendarUrls: readonly string[]) {
  const others = <T extends typeof calendarBusyTimes | typeof calendarBusySources>(table: T) =>
    calendarUrls.length
      ? and(eq(table.userId, userId), notInArray(table.calendarUrl, [...calendarUrls]))
      : eq(table.userId, userId);
  await db.transaction(async (tx) => {
    await tx.delete(calendarBusyTimes).where(others(calendarBusyTimes));
    await tx.delete(calendarBusySources).where(others(calendarBusySources));
  });
}

/**
 * Brings the user's busy times up to date with their CalDAV calendars (the calendar sync job calls it for each
 * connected user, with their decrypted credentials). Never throws for a calendar's failure: each calendar's
 * outcome is in the answer, and a failed one keeps its last busy times with the reason stored.
 */
export async function syncBusyTimes(
  db: Db,
  userId: string,
  account: CalDavAccount,
  options: BusySyncOptions = {},
): Promise<CalendarSyncOutcome[]> {
  const now = options.now ?? new Date();
  const reads = davReads(account, options);
  const calendarUrls = [...new Set(account.calendarUrls)];
  await dropOtherCalendars(db, userId, calendarUrls);
  const { window, timeZone } = await ownerWindow(db, userId, now);
  const stored = new Map(
    (await db.select().from(calendarBusySources).where(eq(calendarBusySources.userId, userId))).map((row) => [
      row.calendarUrl,
      row,
    ]),
  );

  const outcomes: CalendarSyncOutcome[] = [];
  for (const calendarUrl of calendarUrls) {
    const request = reads();
    let read: Awaited<ReturnType<typeof readCalendar>>;
    try {
      read = await readCalendar(new URL(calendarUrl, account.serverUrl).href, stored.get(calendarUrl), request, {
        window,
        timeZone,
      });
    } catch (error) {
      const message = syncErrorMessage(error);
      await updateSource(db, userId, calendarUrl, { lastError: message, lastErrorAt: now });
      outcomes.push({ calendarUrl, status: 'failed', error: message });
      continue;
    }
    if (!read.busy) {
      await updateSource(db, userId, calendarUrl, { syncedAt: now, lastError: null, lastErrorAt: null });
      outcomes.push({ calendarUrl, status: 'unchanged' });
      continue;
    }
    const { intervals, skipped } = read.busy;
    await replaceBusyTimes(db, userId, calendarUrl, intervals, { ...read.state, windowEnd: window.end, syncedAt: now });
    outcomes.push({ calendarUrl, status: 'updated', busyTimes: intervals.length, skipped });
  }
  return outcomes;
}
