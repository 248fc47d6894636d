import { sql, type SQL } from 'drizzle-orm';
import { dayRange } from '@common/booking-slots';
import type { CalendarBusyBlock } from '@common/calendar';

// The calendar screen's external busy blocks (issue 31): the user's own rows of calendar_busy_times, whatever the
// workspace, as the booking page reads them (decisions.md "Calendar busy times"), in the range's one request.

export interface BusyBlockRow {
  start: string;
  end: string;
  /** Null unless the user's connection shows titles: a hidden title never leaves the database. */
  title: string | null;
  /** The user's scheduling time zone, the one the sync put all-day events in; null without settings (UTC then). */
  time_zone: string | null;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const instant = (date: Date) => sql`to_timestamp(${date.getTime() / 1000}::double precision)`;

/**
 * The user's busy times overlapping [from, to), by start, at most `limit`: one range read of the (user,
 * tstzrange) GiST index, the expression it indexes written the same way.
 */
export function busyBlocksSql(userId: string, from: Date, to: Date, limit: number): SQL {
  return sql`select ${iso('b.starts_at')} as start, ${iso('b.ends_at')} as "end",
      case when (select c.show_titles from caldav_connections c where c.user_id = ${userId}) and b.title <> ''
        then b.title end as title,
      (select s.timezone from scheduling_settings s where s.user_id = ${userId}) as time_zone
    from calendar_busy_times b
    where b.user_id = ${userId}
      and tstzrange(b.starts_at, b.ends_at) && tstzrange(${instant(from)}, ${instant(to)})
    order by b.starts_at, b.ends_at, b.event_uid
    limit ${limit}`;
}

const DAY = 86_400_000;
const utcDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Whether an instant is a midnight in the zone (an unknown zone counts as none: the block shows its hours). A local
 * date is at most a day from the UTC date, so the instant is one of three dates' midnights, which dayRange keeps,
 * or none: no reading of the zone's offset for every block.
 */
function isMidnight(at: Date, timeZone: string): boolean {
  const instant = at.getTime();
  return [instant - DAY, instant, instant + DAY].some((near) => {
    try {
      return dayRange(utcDate(near), timeZone).start.getTime() === instant;
    } catch {
      return false;
    }
  });
}

export function toBusyBlock(row: BusyBlockRow): CalendarBusyBlock {
  const timeZone = row.time_zone ?? 'UTC';
  const allDay = isMidnight(new Date(row.start), timeZone) && isMidnight(new Date(row.end), timeZone);
  return { start: row.start, end: row.end, allDay, ...(row.title === null ? {} : { title: row.title }) };
}
