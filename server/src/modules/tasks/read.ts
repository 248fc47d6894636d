import { sql, type SQL } from 'drizzle-orm';
import type { Task, TaskStatus } from '@common/tasks';
import type { CursorKey } from '../../http/cursor';

// The one way a Task is read: the row with its category, project name, deal name and assignee's name, joined in the
// same query.

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs (rows made in one statement share a millisecond). */
const iso = (column: string, precision: 'MS' | 'US') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

/**
 * Select list over `t` (tasks) and the joins of `taskJoins`; `isOwn` tells the member's own tasks from the others
 * (a colleague's, or one assigned to them).
 */
export const taskSelect = (userId: string): SQL => sql`t.id, t.name, t.description, t.status,
  ${iso('t.due_date', 'MS')} as due_date, t.is_milestone,
  c.id as category_id, c.name as category_name, c.color as category_color,
  t.project_id, pr.name as project_name, t.deal_id, de.name as deal_name,
  t.user_id = ${userId} as is_own, t.assigned_user_id,
  coalesce(nullif(btrim(au.name), ''), split_part(au.email, '@', 1)) as assignee_name,
  ${iso('t.created_at', 'MS')} as created_at, ${iso('t.created_at', 'US')} as created_key`;

/** Primary-key lookups per task of the page. */
export const taskJoins = sql`left join task_categories c on c.id = t.category_id
  left join projects pr on pr.id = t.project_id
  left join deals de on de.id = t.deal_id
  left join users au on au.id = t.assigned_user_id`;

export interface TaskRow {
  id: string;
  name: string;
  description: string | null;
  status: TaskStatus;
  due_date: string | null;
  is_milestone: boolean;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  project_id: string | null;
  project_name: string | null;
  deal_id: string | null;
  deal_name: string | null;
  is_own: boolean;
  assigned_user_id: string | null;
  assignee_name: string | null;
  created_at: string;
  created_key: string;
}

/** A list's keyset position: newest first, so (created_at, id) both descending. */
export const taskKey = (row: TaskRow): CursorKey => [row.created_key, row.id];

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    dueDate: row.due_date,
    isMilestone: row.is_milestone,
    category:
      row.category_id && row.category_name !== null && row.category_color !== null
        ? { id: row.category_id, name: row.category_name, color: row.category_color }
        : null,
    projectId: row.project_id,
    projectName: row.project_name,
    dealId: row.deal_id,
    dealName: row.deal_name,
    isOwn: row.is_own,
    assignedUserId: row.assigned_user_id,
    assigneeName: row.assignee_name,
    createdAt: row.created_at,
  };
}
