import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pathOf } from '@common/api-url';
import {
  CALENDAR_KIND_CAP,
  calendarEventKinds,
  type Calendar,
  type CalendarDayCount,
  type CalendarEventKind,
  type CalendarEvent,
  type CalendarIntegration,
  type CalendarQuery,
  type calendarIntegrationInputSchema,
} from '@common/calendar';
import { calendarApi } from '@common/calendar-api';
import type { Db } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { calendarIntegration } from '../../db/schema';
import { jsonRows, selectRows } from '../../db/select-rows';
import { maskSecret, type SecretBox } from '../../secrets/secret-box';
import { busyBlocksSql, toBusyBlock, type BusyBlockRow } from './busy-blocks';
import {
  activityEventsSql,
  bookingEventsSql,
  dealNameSql,
  localDays,
  perDaySql,
  taskEventsSql,
  toActivityEvent,
  toBookingEvent,
  toTaskEvent,
  type ActivityEventRow,
  type BookingEventRow,
  type DayRanked,
  type EventRange,
  type TaskEventRow,
} from './events';

/**
 * Every event starting in [from, to) and the user's busy times overlapping it: at most CALENDAR_KIND_CAP of each
 * kind and of busy times, one more read to tell there are more. With `perDay` (the month view), only the first
 * `perDay` of each kind on each day of `tz`, and how many each day has: the month shows a few a day and "+N more".
 */
export async function getCalendar(db: Db, member: Member, query: CalendarQuery): Promise<Calendar> {
  const range: EventRange = {
    from: new Date(query.from),
    to: new Date(query.to),
    limit: CALENDAR_KIND_CAP + 1,
    order: 'asc',
  };
  const days = query.perDay ? localDays(range.from, range.to, query.tz) : null;
  const perDay = (kindSql: SQL, late?: SQL) =>
    days ? perDaySql(kindSql, query.perDay!, days.thresholds, CALENDAR_KIND_CAP, late) : kindSql;
  // The four reads in one statement (one round trip), each planned on its own; cut to a few a day, the activities'
  // deal names are read for the rows kept only.
  const [read] = await selectRows<{
    tasks: (TaskEventRow & Partial<DayRanked>)[] | null;
    activities: (ActivityEventRow & Partial<DayRanked>)[] | null;
    bookings: (BookingEventRow & Partial<DayRanked>)[] | null;
    busy: BusyBlockRow[] | null;
  }>(
    db,
    sql`select ${jsonRows(perDay(taskEventsSql(member, range)))} as tasks,
      ${jsonRows(perDay(activityEventsSql(member, range, !days), days ? dealNameSql('ranked') : undefined))} as activities,
      ${jsonRows(perDay(bookingEventsSql(member.userId, range)))} as bookings,
      ${jsonRows(busyBlocksSql(member.userId, range.from, range.to, range.limit))} as busy`,
  );
  const tasks = read?.tasks ?? [];
  const activities = read?.activities ?? [];
  const bookings = read?.bookings ?? [];
  // All starts share one fixed-width UTC format, so text order is time order.
  const busy = (read?.busy ?? []).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const capped = <Row>(rows: Row[]) => (days ? rows : rows.slice(0, CALENDAR_KIND_CAP));
  const events: CalendarEvent[] = [
    ...capped(tasks).map(toTaskEvent),
    ...capped(activities).map(toActivityEvent),
    ...capped(bookings).map(toBookingEvent),
  ];
  events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const countOf = (rows: Partial<DayRanked>[]) => {
    const total = days ? Number(rows[0]?.total ?? 0) : rows.length;
    return { count: Math.min(total, CALENDAR_KIND_CAP), hasMore: total > CALENDAR_KIND_CAP };
  };
  return {
    events,
    counts: { task: countOf(tasks), activity: countOf(activities), booking: countOf(bookings) },
    busy: {
      blocks: busy.slice(0, CALENDAR_KIND_CAP).map(toBusyBlock),
      hasMore: busy.length > CALENDAR_KIND_CAP,
    },
    ...(days && { days: dayCounts(days.dates, { task: tasks, activity: activities, booking: bookings }) }),
  };
}

/** Each day with events, by date, with its count of each kind (read off the day's ranked rows). */
function dayCounts(dates: string[], rows: Record<CalendarEventKind, Partial<DayRanked>[]>): CalendarDayCount[] {
  const byDay = new Map<number, CalendarDayCount>();
  for (const kind of calendarEventKinds) {
    for (const row of rows[kind]) {
      const day = Number(row.day);
      const counts = byDay.get(day) ?? { date: dates[day]!, task: 0, activity: 0, booking: 0 };
      counts[kind] = Number(row.day_count);
      byDay.set(day, counts);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([, counts]) => counts);
}

// Calendar Integration (decisions.md items 5 and 12).

export type CalendarIntegrationValues = z.output<typeof calendarIntegrationInputSchema>;

/** 32 random bytes, URL-safe: the whole secret of the subscription URL. */
const newFeedToken = () => randomBytes(32).toString('base64url');
export const feedPathOf = (token: string) => pathOf(calendarApi.feed, { token });

type IntegrationRow = typeof calendarIntegration.$inferSelect;

function toIntegration(row: IntegrationRow, secrets: SecretBox): CalendarIntegration {
  const sealed = row.googleClientSecretEncrypted;
  // A secret sealed under another SECRET_KEY cannot be opened: still shown as stored, with nothing of it visible.
  const masked = sealed === null ? null : maskSecret(secrets.decrypt(sealed) ?? '');
  return {
    googleClientId: row.googleClientId,
    googleClientSecretMasked: masked,
    feedPath: feedPathOf(row.icsToken),
  };
}

/** The user's settings; the row (and with it the feed token) is made on first read. */
export async function getIntegration(db: Db, secrets: SecretBox, userId: string): Promise<CalendarIntegration> {
  await db
    .insert(calendarIntegration)
    .values({ userId, icsToken: newFeedToken() })
    .onConflictDoNothing({ target: calendarIntegration.userId });
  const [row] = await db.select().from(calendarIntegration).where(eq(calendarIntegration.userId, userId));
  return toIntegration(row!, secrets);
}

/** A secret left out stays as it is; an empty one is cleared; any other is sealed before it is stored. */
export async function saveIntegration(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: CalendarIntegrationValues,
): Promise<CalendarIntegration> {
  const secret = input.googleClientSecret;
  const set = {
    googleClientId: input.googleClientId,
    ...(secret === undefined ? {} : { googleClientSecretEncrypted: secret ? secrets.encrypt(secret) : null }),
  };
  const [row] = await db
    .insert(calendarIntegration)
    .values({ userId, icsToken: newFeedToken(), ...set })
    .onConflictDoUpdate({ target: calendarIntegration.userId, set })
    .returning();
  return toIntegration(row!, secrets);
}

/** A new feed token: the old subscription URL stops working at once. */
export async function regenerateFeedToken(db: Db, secrets: SecretBox, userId: string): Promise<CalendarIntegration> {
  const icsToken = newFeedToken();
  const [row] = await db
    .insert(calendarIntegration)
    .values({ userId, icsToken })
    .onConflictDoUpdate({ target: calendarIntegration.userId, set: { icsToken } })
    .returning();
  return toIntegration(row!, secrets);
}

/** The owner of a feed token, or null. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarIntegration.userId })
    .from(calendarIntegration)
    .where(eq(calendarIntegration.icsToken, token));
  return row?.userId ?? null;
}
