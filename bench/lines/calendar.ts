// The bench's lines of the calendar: each request beside the SQL its cheapest server would run (see line.ts).
import { sql } from 'drizzle-orm';
import { CALENDAR_KIND_CAP } from '../../common/calendar';
import { activityEventsSql, bookingEventsSql, taskEventsSql } from '../../server/src/modules/calendar/events';
import { busyBlocksSql } from '../../server/src/modules/calendar/busy-blocks';
import { floorOf, jsonRows, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** The calendar's floor: its four range reads (tasks, activities, bookings, calendar busy times) as one statement. */
const calendarFloor = (userId: string, from: Date, to: Date) => {
  const range = { from, to, limit: CALENDAR_KIND_CAP + 1, order: 'asc' as const };
  return floorOf(sql`select ${jsonRows(taskEventsSql(soloMember(userId), range))} as tasks,
    ${jsonRows(activityEventsSql(soloMember(userId), range))} as activities, ${jsonRows(bookingEventsSql(userId, range))} as bookings,
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
      name: 'GET /api/calendar (this month)',
      target: {
        method: 'GET',
        path: `/api/calendar?from=${encodeURIComponent(month.from.toISOString())}&to=${encodeURIComponent(month.to.toISOString())}`,
        headers,
      },
      ...calendarFloor(userId, month.from, month.to),
    },
  ];
}
