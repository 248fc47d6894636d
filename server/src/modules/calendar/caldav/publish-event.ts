import { sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { CaldavPublishKind } from '@common/calendar-caldav';
import type { Db } from '../../../db/client';
import { selectRows } from '../../../db/select-rows';
import type { CaldavAccount } from './account';

// What a record should look like in the user's calendar, read from the record as it is now: null when it should not
// be there (gone, cancelled, no due date, its option off, no longer the user's). The job compares this with what it
// published, so running it twice, or late, leaves the calendar right.

/** Tasks and activities have a due time only; they are published as half-hour events, as the .ics feed does. */
const DUE_ITEM_MS = 30 * 60_000;

export interface WantedEvent {
  /** The event's UID and its file name in the calendar: stable per record, so a PUT replaces rather than adds. */
  uid: string;
  fileName: string;
  ics: string;
  /** The parts that matter (title, times, text, link): an unchanged record sends nothing. */
  fingerprint: string;
}

interface EventParts {
  summary: string;
  start: Date;
  end: Date;
  description: string;
  url: string;
}

interface BookingRow {
  booker_name: string;
  booker_email: string;
  notes: string | null;
  start: Date;
  end: Date;
}

interface TaskRow {
  name: string;
  description: string | null;
  due: Date;
  status: string;
}

interface ActivityRow {
  description: string;
  activity_type: string;
  due: Date;
  status: string;
  deal_id: string;
  deal_name: string;
  pipeline_id: string;
}

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

async function partsOf(
  db: Db,
  account: CaldavAccount,
  kind: CaldavPublishKind,
  id: string,
  appUrl: string,
): Promise<EventParts | null> {
  const userId = account.userId;
  if (kind === 'booking') {
    const [row] = await selectRows<BookingRow>(
      db,
      sql`select booker_name, booker_email, notes, scheduled_start_time as start, scheduled_end_time as "end"
        from bookings where id = ${id} and user_id = ${userId} and status <> 'Cancelled'`,
    );
    if (!row) return null;
    const start = dateOf(row.start);
    return {
      summary: `Appointment with ${row.booker_name}`,
      start,
      end: dateOf(row.end),
      description: [row.booker_email, row.notes].filter(Boolean).join('\n\n'),
      url: `${appUrl}/app/calendar?view=day&date=${start.toISOString().slice(0, 10)}`,
    };
  }
  if (kind === 'task') {
    if (!account.publishTasks) return null;
    const [row] = await selectRows<TaskRow>(
      db,
      sql`select name, description, due_date as due, status from tasks
        where id = ${id} and due_date is not null and (user_id = ${userId} or assigned_user_id = ${userId})`,
    );
    if (!row) return null;
    const start = dateOf(row.due);
    return {
      summary: row.name,
      start,
      end: new Date(start.getTime() + DUE_ITEM_MS),
      description: [`Task · ${row.status}`, row.description].filter(Boolean).join('\n\n'),
      url: `${appUrl}/app/tasks?task=${id}`,
    };
  }
  if (!account.publishActivities) return null;
  const [row] = await selectRows<ActivityRow>(
    db,
    sql`select a.description, a.activity_type, a.due_date as due, a.status, a.deal_id, d.name as deal_name,
        d.pipeline_id
      from deal_activities a join deals d on d.id = a.deal_id
      where a.id = ${id} and (a.user_id = ${userId} or a.assigned_user_id = ${userId})`,
  );
  if (!row) return null;
  const start = dateOf(row.due);
  return {
    summary: row.description,
    start,
    end: new Date(start.getTime() + DUE_ITEM_MS),
    description: `${row.activity_type} · ${row.status}\nDeal: ${row.deal_name}`,
    url: `${appUrl}/app/deals?pipeline=${row.pipeline_id}&deal=${row.deal_id}`,
  };
}

/** The event a record should be in the user's publish calendar, or null when it should not be there. */
export async function wantedEvent(
  db: Db,
  account: CaldavAccount,
  kind: CaldavPublishKind,
  id: string,
  appUrl: string,
): Promise<WantedEvent | null> {
  const parts = await partsOf(db, account, kind, id, appUrl);
  if (!parts) return null;
  const uid = `pipewise-${kind}-${id}`;
  // No time zone: every time in UTC ("Z"); the calendar shows it in its own.
  const calendar = ical({ prodId: { company: 'Pipewise', product: 'Pipewise', language: 'EN' } });
  calendar.createEvent({ id: uid, ...parts });
  const fingerprint = JSON.stringify({
    ...parts,
    start: parts.start.toISOString(),
    end: parts.end.toISOString(),
  });
  return { uid, fileName: `${uid}.ics`, ics: calendar.toString(), fingerprint };
}
