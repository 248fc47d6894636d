// The bench's lines of the calendar: each request beside the SQL its cheapest server would run (see line.ts).
import { sql, type SQL } from 'drizzle-orm';
import { CALENDAR_KIND_CAP } from '../../common/calendar';
import {
  activityEventsSql,
  bookingEventsSql,
  dealNameSql,
  localDays,
  perDaySql,
  taskEventsSql,
} from '../../server/src/modules/calendar/events';
import { busyBlocksSql } from '../../server/src/modules/calendar/busy-blocks';
import { floorOf, jsonRows, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The month view's events a day of each kind (its cells list three, then "+N more"). */
const PER_DAY = 3;

/**
 * The month's floor: its four range reads (tasks, activities, bookings, calendar busy times), each kind cut to its
 * first events a day with the days' counts, as one statement.
 */
const calendarFloor = (userId: string, from: Date, to: Date) => {
  const range = { from, to, limit: CALENDAR_KIND_CAP + 1, order: 'asc' as const };
  const { thresholds } = localDays(from, to, 'UTC');
  const perDay = (kindSql: SQL, late?: SQL) =>
    jsonRows(perDaySql(kindSql, PER_DAY, thresholds, CALENDAR_KIND_CAP, late));
  const activities = perDay(activityEventsSql(soloMember(userId), range, false), dealNameSql('ranked'));
  return floorOf(sql`select ${perDay(taskEventsSql(soloMember(userId), range))} as tasks,
    ${activities} as activities, ${perDay(bookingEventsSql(userId, range))} as bookings,
    ${jsonRows(busyBlocksSql(userId, from, to, range.limit))} as busy`);
};

export function calendarLines({ f: { userId }, headers }: LineContext): Line[] {
  const now = new Date();
  const month = {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
  return [
    {
      name: `GET /api/calendar (this month, ${PER_DAY} a day)`,
      target: {
        method: 'GET',
        path: `/api/calendar?from=${encodeURIComponent(month.from.toISOString())}&to=${encodeURIComponent(month.to.toISOString())}&perDay=${PER_DAY}&tz=UTC`,
        headers,
      },
      ...calendarFloor(userId, month.from, month.to),
    },
  ];
}
