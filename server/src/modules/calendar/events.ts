import { sql, type SQL } from 'drizzle-orm';
import { dateIn, dayRange } from '@common/booking-slots';
import type { CalendarEvent } from '@common/calendar';
import type { Member } from '../../db/member-scope';

// The three kinds of calendar item, read the same way by the calendar range and the .ics feed:
// one query per kind, each reading its (workspace, date) index in date order and stopping at its limit.

export interface EventRange {
  /** Inclusive start and exclusive end, as instants. */
  from: Date;
  to: Date;
  limit: number;
  /** The feed reads the past backwards from now, so the nearest items come first under the cap. */
  order: 'asc' | 'desc';
}

/** ISO 8601 in UTC, milliseconds (what the browser's Date keeps). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * An instant as a parameter: epoch seconds through to_timestamp, which (unlike parsing the ISO text)
 * also takes the years Date and zod accept but PostgreSQL's input does not, such as year 0.
 */
const instant = (date: Date) => sql`to_timestamp(${date.getTime() / 1000}::double precision)`;

const inRange = (column: string, { from, to }: EventRange) =>
  sql`${sql.raw(column)} >= ${instant(from)} and ${sql.raw(column)} < ${instant(to)}`;

/**
 * The rows the member sees: the workspace's, one range read of (workspace_id, due_date); under "own records" those
 * they own or are assigned, two range reads, the second through (assigned_user_id, due_date), each stopping at the
 * limit, instead of one OR that the planner would answer with a scan of both. The second read leaves out the rows
 * the first has (owned and assigned to oneself).
 */
function visibleItems(table: string, columns: string, member: Member, range: EventRange): SQL {
  const dir = sql.raw(range.order);
  const branch = (who: SQL) =>
    sql`(select ${sql.raw(columns)} from ${sql.raw(table)}
      where ${who} and ${inRange('due_date', range)}
      order by due_date ${dir} limit ${range.limit})`;
  const inWorkspace = sql`workspace_id = ${member.workspaceId}`;
  if (!member.ownOnly) return branch(inWorkspace);
  return sql`${branch(sql`${inWorkspace} and user_id = ${member.userId}`)}
    union all
    ${branch(sql`assigned_user_id = ${member.userId} and assigned_user_id <> user_id and ${inWorkspace}`)}`;
}

export interface TaskEventRow {
  id: string;
  name: string;
  status: string;
  is_milestone: boolean;
  start: string;
}

export function taskEventsSql(member: Member, range: EventRange): SQL {
  const dir = sql.raw(range.order);
  return sql`select t.id, t.name, t.status, t.is_milestone, ${iso('t.due_date')} as start
    from (${visibleItems('tasks', 'id, name, status, is_milestone, due_date', member, range)}) t
    order by t.due_date ${dir}, t.id ${dir}
    limit ${range.limit}`;
}

export interface ActivityEventRow {
  id: string;
  description: string;
  activity_type: string;
  priority: string;
  status: string;
  deal_id: string;
  deal_name: string;
  start: string;
}

/**
 * The deal's name of an activity row (`alias`): one primary-key lookup per activity kept (the planner evaluates it
 * after the limit), not a join that might hash the whole deals table. deal_id is not null and its deal exists
 * (foreign key).
 */
export const dealNameSql = (alias: string) =>
  sql.raw(`(select d.name from deals d where d.id = ${alias}.deal_id) as deal_name`);

/** The activities of a range; without `withDealNames` (a caller that cuts the rows first adds `dealNameSql`). */
export function activityEventsSql(member: Member, range: EventRange, withDealNames = true): SQL {
  const dir = sql.raw(range.order);
  const columns = 'id, description, activity_type, priority, status, deal_id, due_date';
  return sql`select a.id, a.description, a.activity_type, a.priority, a.status, a.deal_id,
      ${withDealNames ? sql`${dealNameSql('a')},` : sql``}
      ${iso('a.due_date')} as start
    from (${visibleItems('deal_activities', columns, member, range)}) a
    order by a.due_date ${dir}, a.id ${dir}
    limit ${range.limit}`;
}

export interface BookingEventRow {
  id: string;
  booker_name: string;
  booker_email: string;
  notes: string | null;
  status: string;
  start: string;
  end: string;
}

/** Bookings are the member's own, whatever the workspace (each member has their own booking page). */
export function bookingEventsSql(userId: string, range: EventRange): SQL {
  const dir = sql.raw(range.order);
  return sql`select id, booker_name, booker_email, notes, status,
      ${iso('scheduled_start_time')} as start, ${iso('scheduled_end_time')} as "end"
    from bookings
    where user_id = ${userId} and ${inRange('scheduled_start_time', range)} and status <> 'Cancelled'
    order by scheduled_start_time ${dir}, id ${dir}
    limit ${range.limit}`;
}

export const toTaskEvent = (row: TaskEventRow): CalendarEvent => ({
  kind: 'task',
  id: row.id,
  title: row.name,
  start: row.start,
  status: row.status,
  isMilestone: row.is_milestone,
});

export const toActivityEvent = (row: ActivityEventRow): CalendarEvent => ({
  kind: 'activity',
  id: row.id,
  title: row.description,
  start: row.start,
  activityType: row.activity_type,
  priority: row.priority,
  status: row.status,
  dealId: row.deal_id,
  dealName: row.deal_name,
});

export const toBookingEvent = (row: BookingEventRow): CalendarEvent => ({
  kind: 'booking',
  id: row.id,
  title: row.booker_name,
  start: row.start,
  end: row.end,
  bookerEmail: row.booker_email,
  notes: row.notes,
  status: row.status,
});

/** Each kind's row of the month view: its event, its day (an index into the range's days) and that day's count. */
export interface DayRanked {
  day: number;
  day_count: number | string;
  total: number | string;
}

/**
 * A kind's events of a range (`kindSql`, ordered by start, at most its limit) cut to the first `perDay` of each day,
 * with each day's count and the kind's total. The days are told by `thresholds`, the local midnights after the first
 * day's (as a PostgreSQL array's text): `width_bucket` numbers a start's day from 0. Only the first `cap` rows
 * count, as the full range shows no more. `late` columns (of `ranked`) are read for the rows kept only.
 */
export function perDaySql(kindSql: SQL, perDay: number, thresholds: string, cap: number, late?: SQL): SQL {
  return sql`select ranked.*${late ? sql`, ${late}` : sql``} from (
      select e.*, row_number() over (partition by e.day order by e.start, e.id) as day_rank,
        count(*) over (partition by e.day) as day_count
      from (
        select k.*, width_bucket(k.start::timestamptz, ${thresholds}::timestamptz[]) as day,
          row_number() over (order by k.start, k.id) as seq, count(*) over () as total
        from (${kindSql}) k
      ) e
      where e.seq <= ${cap}
    ) ranked
    where day_rank <= ${perDay}`;
}

/**
 * The local days of [from, to) in a zone: their dates, and the midnights after the first day's as a PostgreSQL
 * array's text (perDaySql's thresholds). The zone's rules are JavaScript's, as everywhere else in the product.
 */
export function localDays(from: Date, to: Date, timeZone: string): { dates: string[]; thresholds: string } {
  const dates = [dateIn(from, timeZone)];
  const midnights: string[] = [];
  const nextMidnight = () => dayRange(dates.at(-1)!, timeZone).end;
  for (let next = nextMidnight(); next < to; next = nextMidnight()) {
    midnights.push(next.toISOString());
    dates.push(dateIn(next, timeZone));
  }
  return { dates, thresholds: `{${midnights.join(',')}}` };
}
