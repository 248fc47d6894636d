import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { taskStatuses } from '@common/constants';
import { COUNT_CAP, type Count } from '@common/http';
import { TASK_BOARD_PAGE_SIZE, taskMessages, type Task, type TaskStatus, type taskInputSchema } from '@common/tasks';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { deals, projects, taskCategories, tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { filterSql, type TaskFilterValues } from './filters';
import { taskJoins, taskKey, taskSelect, toTask, type TaskRow } from './read';

export type TaskValues = z.output<typeof taskInputSchema>;

/**
 * The user's tasks in two index ranges, each newest first and cut at `limit`: their own (user_id = me,
 * tasks_user_created_idx or tasks_user_status_created_idx) and those other users assigned to them
 * (tasks_assigned_created_idx). A caller merges them; one OR over both would sort all of the user's tasks.
 */
function branchesSql(userId: string, where: SQL, limit: number): SQL {
  return sql`(select * from tasks where user_id = ${userId}${where}
      order by created_at desc, id desc limit ${limit})
    union all
    (select * from tasks where assigned_user_id = ${userId} and assigned_user_id <> user_id${where}
      order by created_at desc, id desc limit ${limit})`;
}

export interface TaskListQuery {
  filter: TaskFilterValues;
  limit: number;
  before: CursorKey | null;
}

/** A page of the list (or of one board column, with a status filter), newest first, before a position. */
export function listSql(userId: string, { filter, limit, before }: TaskListQuery, now = new Date()): SQL {
  const where = sql`${filter.status ? sql` and status = ${filter.status}` : sql``}${filterSql(filter, now)}${
    before ? sql` and ${beforeKey(sql`created_at`, sql`id`, before)}` : sql``
  }`;
  return sql`select ${taskSelect(userId)}
    from (${branchesSql(userId, where, limit + 1)}) t
    ${taskJoins}
    order by t.created_at desc, t.id desc
    limit ${limit + 1}`;
}

export async function listTasks(db: Db, userId: string, query: TaskListQuery): Promise<KeysetPage<Task>> {
  const rows = await selectRows<TaskRow>(db, listSql(userId, query));
  return keysetPage(rows, query.limit, taskKey, toTask);
}

const statusArray = (statuses: readonly TaskStatus[]) =>
  sql`array[${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}]::text[]`;

/** Every column's first page (and one more row, telling whether there is a next): two index ranges per status. */
export function boardFirstPagesSql(
  userId: string,
  statuses: readonly TaskStatus[],
  filter: TaskFilterValues,
  now = new Date(),
): SQL {
  const where = sql` and status = s.status${filterSql(filter, now)}`;
  return sql`select s.status as column_status, ${taskSelect(userId)}
    from unnest(${statusArray(statuses)}) as s(status)
    cross join lateral (
      select * from (${branchesSql(userId, where, TASK_BOARD_PAGE_SIZE + 1)}) u
      order by created_at desc, id desc
      limit ${TASK_BOARD_PAGE_SIZE + 1}
    ) t
    ${taskJoins}
    order by t.created_at desc, t.id desc`;
}

/** Each column's count up to COUNT_CAP (each branch stops past it), whatever the user has. */
export function boardCountsSql(
  userId: string,
  statuses: readonly TaskStatus[],
  filter: TaskFilterValues,
  now: Date,
): SQL {
  const where = sql` and status = s.status${filterSql(filter, now)}`;
  return sql`select s.status, (
      select count(*) from (
        (select 1 from tasks where user_id = ${userId}${where} limit ${COUNT_CAP + 1})
        union all
        (select 1 from tasks where assigned_user_id = ${userId} and assigned_user_id <> user_id${where} limit ${COUNT_CAP + 1})
      ) capped
    )::int as n
    from unnest(${statusArray(statuses)}) as s(status)`;
}

/** The board's counts with no filter but status: the rows task_status_totals keeps, instead of counting tasks. */
function keptCountsSql(userId: string, statuses: readonly TaskStatus[]): SQL {
  return sql`select status, tasks as n from task_status_totals
    where user_id = ${userId} and status = any(${statusArray(statuses)})`;
}

const filtersBeyondStatus = (filter: TaskFilterValues) =>
  Boolean(filter.categoryId || filter.projectId || filter.dealId || filter.due || filter.q);

export interface TaskBoardColumnPage {
  status: TaskStatus;
  count: Count;
  page: KeysetPage<Task>;
}

/**
 * The board in two queries whatever its size: the counts (kept by triggers unless filtered; else counted up to
 * COUNT_CAP a column) and every column's first page. With a status filter only that column is read; the others
 * are empty.
 */
export async function getTaskBoard(db: Db, userId: string, filter: TaskFilterValues): Promise<TaskBoardColumnPage[]> {
  const statuses = filter.status ? [filter.status] : [...taskStatuses];
  const now = new Date();
  const [counts, rows] = await Promise.all([
    selectRows<{ status: TaskStatus; n: number }>(
      db,
      filtersBeyondStatus(filter) ? boardCountsSql(userId, statuses, filter, now) : keptCountsSql(userId, statuses),
    ),
    selectRows<TaskRow & { column_status: TaskStatus }>(db, boardFirstPagesSql(userId, statuses, filter, now)),
  ]);
  const countOf = new Map(counts.map((row) => [row.status, Number(row.n)]));
  return taskStatuses.map((status) => {
    const n = countOf.get(status) ?? 0;
    return {
      status,
      count: { count: Math.min(n, COUNT_CAP), hasMore: n > COUNT_CAP },
      page: keysetPage(
        rows.filter((row) => row.column_status === status),
        TASK_BOARD_PAGE_SIZE,
        taskKey,
        toTask,
      ),
    };
  });
}

/** The user's own task or one assigned to them. */
const reachable = (userId: string, id: string) =>
  and(eq(tasks.id, id), or(eq(tasks.userId, userId), eq(tasks.assignedUserId, userId)));

export async function getTask(db: Db | Tx, userId: string, id: string): Promise<Task> {
  const [row] = await selectRows<TaskRow>(
    db,
    sql`select ${taskSelect(userId)} from tasks t ${taskJoins}
      where t.id = ${id} and (t.user_id = ${userId} or t.assigned_user_id = ${userId})`,
  );
  if (!row) throw notFound();
  return toTask(row);
}

/** A new task of the signed-in user; its links must be theirs. */
export function createTask(db: Db, userId: string, input: TaskValues): Promise<Task> {
  return db.transaction(async (tx) => {
    await checkLinks(tx, userId, input);
    const [row] = await tx
      .insert(tasks)
      .values({ ...toColumns(input), userId })
      .returning({ id: tasks.id });
    return getTask(tx, userId, row!.id);
  });
}

/** By its owner or its assignee; the links must be the owner's either way. */
export function updateTask(db: Db, userId: string, id: string, input: TaskValues): Promise<Task> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({ ownerId: tasks.userId })
      .from(tasks)
      .where(reachable(userId, id))
      .for('no key update');
    if (!task) throw notFound();
    await checkLinks(tx, task.ownerId, input);
    await tx.update(tasks).set(toColumns(input)).where(eq(tasks.id, id));
    return getTask(tx, userId, id);
  });
}

/** The drag on the board and the check button. */
export async function moveTask(db: Db, userId: string, id: string, status: TaskStatus): Promise<Task> {
  const rows = await db.update(tasks).set({ status }).where(reachable(userId, id)).returning({ id: tasks.id });
  if (!rows.length) throw notFound();
  return getTask(db, userId, id);
}

export async function deleteTask(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(tasks).where(reachable(userId, id)).returning({ id: tasks.id });
  if (!rows.length) throw notFound();
}

/**
 * The project, deal and category must be the task owner's: a 400 naming each field. Each is held FOR KEY
 * SHARE to the end of the transaction, so a concurrent delete waits and then unlinks this task as well.
 */
async function checkLinks(tx: Tx, ownerId: string, input: TaskValues): Promise<void> {
  const fields: Record<string, string> = {};
  if (input.projectId) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), eq(projects.userId, ownerId)))
      .for('key share');
    if (!project) fields.projectId = taskMessages.projectNotFound;
  }
  if (input.dealId) {
    const [deal] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, input.dealId), eq(deals.userId, ownerId)))
      .for('key share');
    if (!deal) fields.dealId = taskMessages.dealNotFound;
  }
  if (input.categoryId) {
    const [category] = await tx
      .select({ id: taskCategories.id })
      .from(taskCategories)
      .where(and(eq(taskCategories.id, input.categoryId), eq(taskCategories.userId, ownerId)))
      .for('key share');
    if (!category) fields.categoryId = taskMessages.categoryNotFound;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, first, fields);
}

function toColumns(input: TaskValues) {
  return {
    name: input.name,
    description: input.description,
    status: input.status,
    dueDate: input.dueDate === null ? null : new Date(input.dueDate),
    isMilestone: input.isMilestone,
    projectId: input.projectId,
    dealId: input.dealId,
    categoryId: input.categoryId,
  };
}
