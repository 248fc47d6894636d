import { sql, type SQL } from 'drizzle-orm';
import { OVERDUE_WINDOW_HOURS } from '@common/notifications';
import type { Db } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { MAX_NOTIFICATION_TEXT } from './notify';

// Overdue reminders are made when the bell is read (no background job): each task or pending deal activity of
// the member in their current workspace (owned or assigned) whose due time passed within the last OVERDUE_WINDOW_HOURS becomes one
// notification, its source the task or activity, so reading the bell again never doubles it.

const HOUR = 3_600_000;

/** Text cut to the stored length in SQL, as clip() does in TypeScript. */
const clipped = (text: SQL) =>
  sql`case when char_length(${text}) > ${sql.raw(String(MAX_NOTIFICATION_TEXT))}
    then left(${text}, ${sql.raw(String(MAX_NOTIFICATION_TEXT - 1))}) || '…' else ${text} end`;

const dueText = (column: SQL) => sql`'Due ' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'`;

/**
 * The statement that adds the member's missing overdue notifications as of `now`. Owned rows, through the
 * workspace's (status, due date) and (due date) indexes, and rows another member assigned, through the (assignee,
 * due date) ones, are read apart, so the cost follows the rows due in the window, not the workspace's total.
 * Nothing when the user turned overdue reminders off.
 */
export function overdueInsert(member: Member, now: Date): SQL {
  const user = sql`${member.userId}::uuid`;
  const workspace = sql`${member.workspaceId}::uuid`;
  const from = sql`${new Date(now.getTime() - OVERDUE_WINDOW_HOURS * HOUR).toISOString()}::timestamptz`;
  const to = sql`${now.toISOString()}::timestamptz`;
  const tasksBy = (who: SQL) => sql`
    select 'task_overdue' as kind, t.id, 'Task overdue: ' || t.name as title, ${dueText(sql`t.due_date`)} as body,
      '/app/tasks?task=' || t.id as link
    from tasks t
    where ${who} and t.due_date >= ${from} and t.due_date < ${to} and t.status <> 'Done'`;
  const activitiesBy = (who: SQL) => sql`
    select 'activity_overdue' as kind, a.id, 'Activity overdue: ' || a.description as title,
      d.name || ' · ' || ${dueText(sql`a.due_date`)} as body,
      '/app/deals?pipeline=' || d.pipeline_id || '&deal=' || d.id as link
    from deal_activities a join deals d on d.id = a.deal_id
    where ${who} and a.due_date >= ${from} and a.due_date < ${to} and a.status = 'pending'`;
  return sql`
    insert into notifications (user_id, kind, title, body, link, source_id)
    select ${user}, due.kind, ${clipped(sql`due.title`)}, ${clipped(sql`due.body`)}, due.link, due.id
    from (
      ${tasksBy(sql`t.workspace_id = ${workspace} and t.user_id = ${user}`)}
      union ${tasksBy(sql`t.assigned_user_id = ${user} and t.assigned_user_id <> t.user_id and t.workspace_id = ${workspace}`)}
      union ${activitiesBy(sql`a.workspace_id = ${workspace} and a.user_id = ${user}`)}
      union ${activitiesBy(sql`a.assigned_user_id = ${user} and a.assigned_user_id <> a.user_id and a.workspace_id = ${workspace}`)}
    ) due
    where not exists (select 1 from notification_settings s where s.user_id = ${user} and not s.overdue)
    on conflict (user_id, kind, source_id) where source_id is not null do nothing`;
}

/** Adds the overdue notifications the member is missing; a concurrent read adding the same ones is harmless. */
export async function addOverdueNotifications(db: Db, member: Member, now = new Date()): Promise<void> {
  await db.execute(overdueInsert(member, now));
}
