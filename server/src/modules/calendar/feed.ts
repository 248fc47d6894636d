import type { SQL } from 'drizzle-orm';
import ical from 'ical-generator';
import { FEED_FUTURE_DAYS, FEED_KIND_CAP, FEED_PAST_DAYS } from '@common/calendar';
import type { Db } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { currentWorkspace } from '../workspaces/current-workspace';
import {
  activityEventsSql,
  bookingEventsSql,
  taskEventsSql,
  type ActivityEventRow,
  type BookingEventRow,
  type EventRange,
  type TaskEventRow,
} from './events';

const DAY_MS = 86_400_000;
/** Tasks and activities have a due time only; a subscribed calendar shows them as half-hour events. */
const DUE_ITEM_MS = 30 * 60_000;

/**
 * A kind's items in [now - FEED_PAST_DAYS, now + FEED_FUTURE_DAYS), at most FEED_KIND_CAP, nearest to now first:
 * the future read forwards and the past backwards from now (each through the index), then merged by distance.
 */
async function nearest<Row extends { start: string }>(
  db: Db,
  now: Date,
  read: (range: EventRange) => SQL,
): Promise<Row[]> {
  const limit = FEED_KIND_CAP;
  const [future, past] = await Promise.all([
    selectRows<Row>(
      db,
      read({ from: now, to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS), limit, order: 'asc' }),
    ),
    selectRows<Row>(
      db,
      read({ from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS), to: now, limit, order: 'desc' }),
    ),
  ]);
  const rows: Row[] = [];
  let f = 0;
  let p = 0;
  while (rows.length < limit && (f < future.length || p < past.length)) {
    const ahead = future[f] ? Date.parse(future[f]!.start) - now.getTime() : Infinity;
    const behind = past[p] ? now.getTime() - Date.parse(past[p]!.start) : Infinity;
    rows.push(ahead <= behind ? future[f++]! : past[p++]!);
  }
  return rows;
}

/**
 * The user's private iCalendar feed: the tasks and deal activities they own or are assigned in their current
 * workspace, and their appointments, around now.
 */
export async function buildFeed(db: Db, userId: string, now = new Date()): Promise<string> {
  const { id: workspaceId } = await currentWorkspace(db, userId);
  const member: Member = { workspaceId, userId, ownOnly: true };
  const [tasks, activities, bookings] = await Promise.all([
    nearest<TaskEventRow>(db, now, (range) => taskEventsSql(member, range)),
    nearest<ActivityEventRow>(db, now, (range) => activityEventsSql(member, range)),
    nearest<BookingEventRow>(db, now, (range) => bookingEventsSql(userId, range)),
  ]);

  // No time zone: every time is written in UTC ("Z"); the subscriber's calendar shows it in its own.
  const calendar = ical({ name: 'Pipewise', prodId: { company: 'Pipewise', product: 'Pipewise', language: 'EN' } });
  for (const task of tasks) {
    const start = new Date(task.start);
    calendar.createEvent({
      id: `task-${task.id}@pipewise`,
      start,
      end: new Date(start.getTime() + DUE_ITEM_MS),
      summary: task.name,
    });
  }
  for (const activity of activities) {
    const start = new Date(activity.start);
    calendar.createEvent({
      id: `activity-${activity.id}@pipewise`,
      start,
      end: new Date(start.getTime() + DUE_ITEM_MS),
      summary: activity.description,
      description: `Deal: ${activity.deal_name}`,
    });
  }
  for (const booking of bookings) {
    calendar.createEvent({
      id: `booking-${booking.id}@pipewise`,
      start: new Date(booking.start),
      end: new Date(booking.end),
      summary: `Appointment with ${booking.booker_name}`,
      description: booking.notes ? `${booking.booker_email}\n\n${booking.notes}` : booking.booker_email,
    });
  }
  return calendar.toString();
}
