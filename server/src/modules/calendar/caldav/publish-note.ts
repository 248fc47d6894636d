import { sql, type SQL } from 'drizzle-orm';
import type { CaldavPublishKind } from '@common/calendar-caldav';
import type { Db, Tx } from '../../../db/client';

// A change to a booking, task or deal activity notes the record in the CalDAV outbox, in the change's own transaction
// (as a member too: the outbox is a plain table the member's role may write; the job queue's schema is not). A job
// then makes the calendars match the record. Nothing is written unless a connected user may want the record, or one
// already has it published: two indexed look-ups per write.

/** The table and the option of each kind; a booking is its owner's only and always published. */
const kinds: Record<CaldavPublishKind, { table: string; option: string | null; assignee: boolean }> = {
  booking: { table: 'bookings', option: null, assignee: false },
  task: { table: 'tasks', option: 'publish_tasks', assignee: true },
  activity: { table: 'deal_activities', option: 'publish_activities', assignee: true },
};

/** Whether a connected user with the kind's option on owns or is assigned the record `r`. */
function wantedBy(kind: CaldavPublishKind): SQL {
  const { option, assignee } = kinds[kind];
  const users = assignee ? sql`c.user_id in (r.user_id, r.assigned_user_id)` : sql`c.user_id = r.user_id`;
  return sql`exists (select 1 from caldav_connections c where ${users}${option ? sql.raw(` and c.${option}`) : sql``})`;
}

/** Notes the records `ids` selects (a query of one column of record ids) after their change. */
export async function notePublishChanges(db: Db | Tx, kind: CaldavPublishKind, ids: SQL): Promise<void> {
  await db.execute(sql`insert into caldav_publish_outbox (kind, record_id)
    select ${kind}, changed.id from (${ids}) as changed(id)
    where exists (select 1 from caldav_published p where p.kind = ${kind} and p.record_id = changed.id)
      or exists (select 1 from ${sql.raw(kinds[kind].table)} r where r.id = changed.id and ${wantedBy(kind)})`);
}

/**
 * The note of new records inside a larger statement: `rows` selects their `id` and `user_id` (and
 * `assigned_user_id` for a kind that has assignees), e.g. from the statement's own insert, whose rows its other parts
 * cannot read from the table. A new record is not published yet: only whether someone wants it counts.
 */
export function notePublishedSql(kind: CaldavPublishKind, rows: SQL): SQL {
  return sql`insert into caldav_publish_outbox (kind, record_id)
    select ${kind}, r.id from (${rows}) as r where ${wantedBy(kind)}`;
}

/** Notes one record after its change (or deletion). */
export const notePublishChange = (db: Db | Tx, kind: CaldavPublishKind, id: string) =>
  notePublishChanges(db, kind, sql`select ${id}::uuid`);

/** How far around now a connection's first publishing (and each save) reaches, and at most how many of a kind. */
const PAST_DAYS = 90;
const FUTURE_DAYS = 365;
const KIND_CAP = 2000;

/**
 * Notes every record a user's calendar should hold or holds: after a save (a new connection, another calendar, an
 * option turned on or off, a reconnect after errors). Records already published as they are cost no request.
 */
export async function notePublishAll(db: Db | Tx, userId: string): Promise<void> {
  const window = (column: string) =>
    sql.raw(`${column} >= now() - interval '${PAST_DAYS} days' and ${column} < now() + interval '${FUTURE_DAYS} days'`);
  // Shared records by the indexes the calendar reads: the user's workspaces by due date, and those assigned to them.
  const dueItems = (table: string, option: string) =>
    sql`select id from (
      (select id, due_date from ${sql.raw(table)}
        where workspace_id in (select workspace_id from workspace_members where user_id = ${userId})
          and user_id = ${userId} and ${window('due_date')} order by due_date limit ${KIND_CAP})
      union all
      (select id, due_date from ${sql.raw(table)}
        where assigned_user_id = ${userId} and assigned_user_id <> user_id and ${window('due_date')}
        order by due_date limit ${KIND_CAP})) items
      where (select ${sql.raw(option)} from caldav_connections where user_id = ${userId})`;
  await db.execute(sql`insert into caldav_publish_outbox (kind, record_id)
    select kind, record_id from caldav_published where user_id = ${userId}
    union
    select 'booking', id from (select id from bookings
      where user_id = ${userId} and status <> 'Cancelled' and ${window('scheduled_start_time')}
      order by scheduled_start_time limit ${KIND_CAP}) b
    union
    select 'task', id from (${dueItems('tasks', 'publish_tasks')}) t
    union
    select 'activity', id from (${dueItems('deal_activities', 'publish_activities')}) a`);
}
