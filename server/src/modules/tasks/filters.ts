import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { taskFilterSchema } from '@common/tasks';

export type TaskFilterValues = z.output<typeof taskFilterSchema>;

/**
 * The instants a "today" or "this week" filter spans in the time zone `tz`: from local midnight to the next
 * (or seven days on, weeks starting on Sunday). Counted in local days, so a DST day is 23 or 25 hours long.
 */
export function dueRange(due: 'today' | 'week', tz: string, now: Date = new Date()): { from: Date; to: Date } {
  const local = new TZDate(now.getTime(), tz);
  const start = due === 'today' ? startOfDay(local) : startOfWeek(local, { weekStartsOn: 0 });
  const end = addDays(start, due === 'today' ? 1 : 7);
  return { from: new Date(start.getTime()), to: new Date(end.getTime()) };
}

/** LIKE's wildcards in `q` match themselves. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filters other than status as conditions on a `tasks` row (unqualified columns, so they fit either
 * branch of a list): `and …` for each, or nothing.
 */
export function filterSql(filter: TaskFilterValues, now: Date = new Date()): SQL {
  const conditions: SQL[] = [];
  if (filter.categoryId) conditions.push(sql`category_id = ${filter.categoryId}`);
  if (filter.projectId) conditions.push(sql`project_id = ${filter.projectId}`);
  if (filter.dealId) conditions.push(sql`deal_id = ${filter.dealId}`);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(sql`(name ilike ${pattern} or description ilike ${pattern})`);
  }
  switch (filter.due) {
    case 'overdue':
      conditions.push(sql`due_date < now() and status <> 'Done'`);
      break;
    case 'none':
      conditions.push(sql`due_date is null`);
      break;
    case 'today':
    case 'week': {
      const { from, to } = dueRange(filter.due, filter.tz, now);
      conditions.push(
        sql`due_date >= ${from.toISOString()}::timestamptz and due_date < ${to.toISOString()}::timestamptz`,
      );
      break;
    }
    case undefined:
      break;
  }
  return sql.join(
    conditions.map((condition) => sql` and ${condition}`),
    sql``,
  );
}

/**
 * The sealed name of a task list's cursors: a cursor carries only a position, so one issued under other
 * filters would page the wrong rows. The board's column cursors are named as the list with that status.
 */
export function taskListName(filter: TaskFilterValues): string {
  const { status, categoryId, projectId, dealId, due, tz, q } = filter;
  const whose = filter.whose === 'everyone' ? undefined : filter.whose;
  return `tasks:${JSON.stringify({ status, categoryId, projectId, dealId, due, tz: due ? tz : undefined, q: q || undefined, whose })}`;
}
