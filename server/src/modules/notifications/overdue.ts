import { sql, type SQL } from 'drizzle-orm';
import { OVERDUE_WINDOW_HOURS } from '@common/notifications';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { currentWorkspaceIdSql } from '../workspaces/current-workspace';
import { MAX_NOTIFICATION_TEXT } from './notify';

// Overdue reminders are made by a job once a minute (overdue-jobs.ts), for every user at once: each task or pending
// deal activity whose due time passed within the last OVERDUE_WINDOW_HOURS unfinished becomes one notification of
// its owner and one of its assignee, its source the task or activity, so the next run never doubles it. The bell
// only reads them.
//
// Which workspace: a notification carries none, and its link opens the record in the reader's current workspace.
// So a user is reminded only of the rows of their current workspace (chosen as each request chooses it,
// workspaces/current-workspace.ts), as when the bell made the reminders for its reader's workspace: a member of
// several who switches to another is reminded of its rows still in the window by the next run. A reminder of
// another workspace's record would link to a record the app cannot open there.
//
// The job runs as the server's own role, which owns the tables, so row-level security leaves it every workspace's
// rows (docs/decisions.md, "Row-level security"); run as a member it would see one workspace's, or none.

const HOUR = 3_600_000;

/** Text cut to the stored length in SQL, as clip() does in TypeScript. */
const clipped = (text: SQL) =>
  sql`case when char_length(${text}) > ${sql.raw(String(MAX_NOTIFICATION_TEXT))}
    then left(${text}, ${sql.raw(String(MAX_NOTIFICATION_TEXT - 1))}) || '…' else ${text} end`;

const dueText = (column: SQL) => sql`'Due ' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'`;

/**
 * The statement that adds every user's missing overdue notifications as of `now`. The open tasks and pending
 * activities due in the window are read through their partial due-date indexes (tasks_open_due_utc_idx,
 * deal_activities_pending_due_utc_idx), so the cost follows the rows due in the window, not the tables; each is then
 * its owner's and, when another member is assigned, its assignee's, if it is in their current workspace and they
 * have not turned overdue reminders off.
 */
export function overdueInsert(now: Date): SQL {
  // Compared as UTC wall times, the key of the indexes (one instant each, so the same window).
  const utc = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone 'UTC')`;
  const from = utc(new Date(now.getTime() - OVERDUE_WINDOW_HOURS * HOUR));
  const to = utc(now);
  const dueIn = (column: SQL) =>
    sql`(${column} at time zone 'UTC') >= ${from} and (${column} at time zone 'UTC') < ${to}`;
  return sql`
    insert into notifications (user_id, kind, title, body, link, source_id)
    select who.user_id, due.kind, ${clipped(sql`due.title`)}, ${clipped(sql`due.body`)}, due.link, due.id
    from (
      select 'task_overdue' as kind, t.id, t.workspace_id, t.user_id, t.assigned_user_id,
        'Task overdue: ' || t.name as title, ${dueText(sql`t.due_date`)} as body, '/app/tasks?task=' || t.id as link
      from tasks t
      where t.status <> 'Done' and ${dueIn(sql`t.due_date`)}
      union all
      select 'activity_overdue', a.id, a.workspace_id, a.user_id, a.assigned_user_id,
        'Activity overdue: ' || a.description, d.name || ' · ' || ${dueText(sql`a.due_date`)},
        '/app/deals?pipeline=' || d.pipeline_id || '&deal=' || d.id
      from deal_activities a join deals d on d.id = a.deal_id
      where a.status = 'pending' and ${dueIn(sql`a.due_date`)}
    ) due
    cross join lateral (values (due.user_id),
      (case when due.assigned_user_id <> due.user_id then due.assigned_user_id end)) who (user_id)
    where who.user_id is not null
      and due.workspace_id = ${currentWorkspaceIdSql(sql`who.user_id`)}
      and not exists (select 1 from notification_settings s where s.user_id = who.user_id and not s.overdue)
    on conflict (user_id, kind, source_id) where source_id is not null do nothing
    returning 1`;
}

/**
 * Adds the overdue notifications every user is missing as of `now`, and answers how many. Two runs at once (a slow
 * one overlapping the next) add each once: the second waits on the first's rows and skips them.
 */
export async function addOverdueNotifications(db: Db, now = new Date()): Promise<number> {
  const [row] = await selectRows<{ added: number }>(
    db,
    sql`with added as (${overdueInsert(now)}) select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}
