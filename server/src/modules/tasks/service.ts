import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { taskStatuses } from '@common/constants';
import { COUNT_CAP, type Count } from '@common/http';
import { TASK_BOARD_PAGE_SIZE, taskMessages, type Task, type TaskStatus, type taskInputSchema } from '@common/tasks';
import type { Whose } from '@common/whose';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { inWorkspaceOf, ownedBy, visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { deals, projects, taskCategories, tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { notifyTaskAssigned } from '../notifications/assigned';
import { isAssignable } from '../workspaces/assignee';
import { filterSql, type TaskFilterValues } from './filters';
import { taskJoins, taskKey, taskSelect, toTask, type TaskRow } from './read';
import { emitEvent } from '../webhooks/emit';
import { notePublishChange } from '../calendar/caldav/publish-note';

export type TaskValues = z.output<typeof taskInputSchema>;

/**
 * The ranges of tasks a list of the member reads, each in (created_at, id) order through an index, so that a
 * caller can merge them: one OR over them would sort all of the workspace's tasks. Everyone's is the workspace's
 * in one range (tasks_workspace_created_idx or tasks_workspace_status_created_idx); under "own records" two, their
 * own and those another member assigned to them (tasks_assigned_created_idx). "Mine" is the first of those two,
 * "assigned" the second, whatever the member's visibility.
 */
function branchConditions(member: Member, whose: Whose | undefined): SQL[] {
  const own = visibleSql({ ...member, ownOnly: true });
  const assigned = sql`assigned_user_id = ${member.userId} and assigned_user_id <> user_id
    and workspace_id = ${member.workspaceId}`;
  if (whose === 'mine') return [own];
  if (whose === 'assigned') return [assigned];
  return member.ownOnly ? [own, assigned] : [visibleSql(member)];
}

/** The tasks of those ranges that pass `where`, newest first and each cut at `limit`. */
function branchesSql(member: Member, whose: Whose | undefined, where: SQL, limit: number): SQL {
  return sql.join(
    branchConditions(member, whose).map(
      (condition) => sql`(select * from tasks where ${condition}${where}
        order by created_at desc, id desc limit ${limit})`,
    ),
    sql` union all `,
  );
}

export interface TaskListQuery {
  filter: TaskFilterValues;
  limit: number;
  before: CursorKey | null;
}

/** A page of the list (or of one board column, with a status filter), newest first, before a position. */
export function listSql(member: Member, { filter, limit, before }: TaskListQuery, now = new Date()): SQL {
  const where = sql`${filter.status ? sql` and status = ${filter.status}` : sql``}${filterSql(filter, now)}${
    before ? sql` and ${beforeKey(sql`created_at`, sql`id`, before)}` : sql``
  }`;
  return sql`select ${taskSelect(member.userId)}
    from (${branchesSql(member, filter.whose, where, limit + 1)}) t
    ${taskJoins}
    order by t.created_at desc, t.id desc
    limit ${limit + 1}`;
}

export async function listTasks(db: Db, member: Member, query: TaskListQuery): Promise<KeysetPage<Task>> {
  const rows = await selectRows<TaskRow>(db, listSql(member, query));
  return keysetPage(rows, query.limit, taskKey, toTask);
}

const statusArray = (statuses: readonly TaskStatus[]) =>
  sql`array[${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}]::text[]`;

/**
 * Every column's first page (and one more row, telling whether there is a next): one index range per status (two
 * under "own records").
 */
export function boardFirstPagesSql(
  member: Member,
  statuses: readonly TaskStatus[],
  filter: TaskFilterValues,
  now = new Date(),
): SQL {
  const where = sql` and status = s.status${filterSql(filter, now)}`;
  return sql`select s.status as column_status, ${taskSelect(member.userId)}
    from unnest(${statusArray(statuses)}) as s(status)
    cross join lateral (
      select * from (${branchesSql(member, filter.whose, where, TASK_BOARD_PAGE_SIZE + 1)}) u
      order by created_at desc, id desc
      limit ${TASK_BOARD_PAGE_SIZE + 1}
    ) t
    ${taskJoins}
    order by t.created_at desc, t.id desc`;
}

/** Each column's count up to COUNT_CAP (each range stops past it), whatever the workspace has. */
export function boardCountsSql(
  member: Member,
  statuses: readonly TaskStatus[],
  filter: TaskFilterValues,
  now: Date,
): SQL {
  const where = sql` and status = s.status${filterSql(filter, now)}`;
  const ranges = branchConditions(member, filter.whose).map(
    (condition) => sql`(select 1 from tasks where ${condition}${where} limit ${COUNT_CAP + 1})`,
  );
  return sql`select s.status, (
      select count(*) from (${sql.join(ranges, sql` union all `)}) capped
    )::int as n
    from unnest(${statusArray(statuses)}) as s(status)`;
}

/**
 * The board's counts with no filter but status and whose: the rows task_status_totals keeps, instead of counting
 * tasks. A member's row counts their own tasks and those another member assigned to them (`assigned` of them); the
 * workspace's count sums its members' own tasks (tasks - assigned).
 */
function keptCountsSql(member: Member, statuses: readonly TaskStatus[], whose: Whose | undefined): SQL {
  const inStatuses = sql`workspace_id = ${member.workspaceId} and status = any(${statusArray(statuses)})`;
  const everyone = whose !== 'mine' && whose !== 'assigned';
  if (everyone && !member.ownOnly)
    return sql`select status, sum(tasks - assigned)::int as n from task_status_totals
      where ${inStatuses}
      group by status`;
  const n = whose === 'mine' ? sql`tasks - assigned` : whose === 'assigned' ? sql`assigned` : sql`tasks`;
  return sql`select status, ${n} as n from task_status_totals
    where ${inStatuses} and user_id = ${member.userId}`;
}

const filtersBeyondStatus = (filter: TaskFilterValues) =>
  Boolean(filter.categoryId || filter.projectId || filter.dealId || filter.due || filter.q);

/** The board's counts as `getTaskBoard` reads them: kept, unless a filter beyond status and whose asks a count. */
export const boardCountsOf = (member: Member, statuses: readonly TaskStatus[], filter: TaskFilterValues, now: Date) =>
  filtersBeyondStatus(filter)
    ? boardCountsSql(member, statuses, filter, now)
    : keptCountsSql(member, statuses, filter.whose);

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
export async function getTaskBoard(db: Db, member: Member, filter: TaskFilterValues): Promise<TaskBoardColumnPage[]> {
  const statuses = filter.status ? [filter.status] : [...taskStatuses];
  const now = new Date();
  // One after another: they share the request's transaction, so its one connection.
  const counts = await selectRows<{ status: TaskStatus; n: number }>(db, boardCountsOf(member, statuses, filter, now));
  const rows = await selectRows<TaskRow & { column_status: TaskStatus }>(
    db,
    boardFirstPagesSql(member, statuses, filter, now),
  );
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

/** A task the member sees: of their workspace, or under "own records" their own or one assigned to them. */
const reachable = (member: Member, id: string) => and(eq(tasks.id, id), visibleTo(tasks, member, tasks.assignedUserId));

export async function getTask(db: Db | Tx, member: Member, id: string): Promise<Task> {
  const [row] = await selectRows<TaskRow>(
    db,
    sql`select ${taskSelect(member.userId)} from tasks t ${taskJoins}
      where t.id = ${id} and ${visibleSql(member, { alias: 't', assigned: true })}`,
  );
  if (!row) throw notFound();
  return toTask(row);
}

/**
 * A new task of the signed-in member, in their workspace; its links must be ones they see, its assignee (none when
 * left out) a member of the workspace, who is notified unless it is the member themselves.
 */
export function createTask(db: Db, member: Member, input: TaskValues): Promise<Task> {
  return db.transaction(async (tx) => {
    const assignedUserId = input.assignedUserId ?? null;
    await checkLinks(tx, member, input);
    const [row] = await tx
      .insert(tasks)
      .values({ ...toColumns(input), assignedUserId, ...ownedBy(member) })
      .returning({ id: tasks.id });
    await notifyTaskAssigned(tx, member, { id: row!.id, name: input.name, assignedUserId });
    const task = await getTask(tx, member, row!.id);
    await emitEvent(tx, member, 'task.created', task);
    if (assignedUserId) await emitEvent(tx, member, 'task.assigned', task);
    await notePublishChange(tx, 'task', task.id);
    return task;
  });
}

/**
 * By any member who sees it (under "own records": its owner or its assignee). A new link must be one they see; a
 * link the task has already stays allowed (an assignee keeps the owner's project they may not see). The assignee
 * stays when left out; a new one is notified unless it is the member themselves.
 */
export function updateTask(db: Db, member: Member, id: string, input: TaskValues): Promise<Task> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        projectId: tasks.projectId,
        dealId: tasks.dealId,
        categoryId: tasks.categoryId,
        assignedUserId: tasks.assignedUserId,
        status: tasks.status,
      })
      .from(tasks)
      .where(reachable(member, id))
      .for('no key update');
    if (!task) throw notFound();
    await checkLinks(tx, member, input, task);
    const assignedUserId = input.assignedUserId === undefined ? task.assignedUserId : input.assignedUserId;
    await tx
      .update(tasks)
      .set({ ...toColumns(input), assignedUserId })
      .where(eq(tasks.id, id));
    if (assignedUserId !== task.assignedUserId)
      await notifyTaskAssigned(tx, member, { id, name: input.name, assignedUserId });
    // Handed on by an "own records" assignee, it is no longer theirs to see: the answer still shows it, as a
    // contact's or a deal's does.
    const updated = await getTask(tx, { ...member, ownOnly: false }, id);
    if (updated.status === 'Done' && task.status !== 'Done') await emitEvent(tx, member, 'task.completed', updated);
    if (assignedUserId && assignedUserId !== task.assignedUserId) await emitEvent(tx, member, 'task.assigned', updated);
    await notePublishChange(tx, 'task', id);
    return updated;
  });
}

/** The drag on the board and the check button. */
export function moveTask(db: Db, member: Member, id: string, status: TaskStatus): Promise<Task> {
  return db.transaction(async (tx) => {
    // Moved to Done by this call: read first, only when a workspace endpoint may hear it.
    const [before] =
      status === 'Done' && member.webhooks !== false
        ? await tx.select({ status: tasks.status }).from(tasks).where(reachable(member, id)).for('no key update')
        : [];
    const rows = await tx.update(tasks).set({ status }).where(reachable(member, id)).returning({ id: tasks.id });
    if (!rows.length) throw notFound();
    const task = await getTask(tx, member, id);
    if (before && before.status !== 'Done') await emitEvent(tx, member, 'task.completed', task);
    await notePublishChange(tx, 'task', id);
    return task;
  });
}

export async function deleteTask(db: Db, member: Member, id: string): Promise<void> {
  const rows = await db.delete(tasks).where(reachable(member, id)).returning({ id: tasks.id });
  if (!rows.length) throw notFound();
  await notePublishChange(db, 'task', id);
}

/**
 * The project, deal and category must be ones the member sees (or, on an update, the task's links already, which
 * stay in its workspace), and a new assignee a member of the workspace: a 400 naming each field. Each is held FOR KEY
 * SHARE to the end of the transaction, so a concurrent delete waits and then unlinks this task as well (a removed
 * member's assignments are handed over).
 */
async function checkLinks(tx: Tx, member: Member, input: TaskValues, current?: TaskLinks): Promise<void> {
  const fields: Record<string, string> = {};
  const allowed = (table: typeof projects | typeof deals | typeof taskCategories, field: keyof TaskLinks) =>
    current && input[field] === current[field] ? inWorkspaceOf(table, member) : visibleTo(table, member);
  if (input.projectId) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), allowed(projects, 'projectId')))
      .for('key share');
    if (!project) fields.projectId = taskMessages.projectNotFound;
  }
  if (input.dealId) {
    const [deal] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, input.dealId), allowed(deals, 'dealId')))
      .for('key share');
    if (!deal) fields.dealId = taskMessages.dealNotFound;
  }
  if (input.categoryId) {
    const [category] = await tx
      .select({ id: taskCategories.id })
      .from(taskCategories)
      .where(and(eq(taskCategories.id, input.categoryId), allowed(taskCategories, 'categoryId')))
      .for('key share');
    if (!category) fields.categoryId = taskMessages.categoryNotFound;
  }
  const assignee = input.assignedUserId;
  if (assignee && assignee !== current?.assignedUserId && !(await isAssignable(tx, member.workspaceId, assignee)))
    fields.assignedUserId = taskMessages.assigneeNotMember;
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, first, fields);
}

interface TaskLinks {
  projectId: string | null;
  dealId: string | null;
  categoryId: string | null;
  assignedUserId?: string | null;
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
