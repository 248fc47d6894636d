import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { projectStatuses } from '@common/constants';
import { COUNT_CAP, type Count } from '@common/http';
import { PROJECT_BOARD_PAGE_SIZE, type Project, type ProjectStatus, type projectInputSchema } from '@common/projects';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';

export type ProjectValues = z.output<typeof projectInputSchema>;

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs (rows made in one statement share a millisecond). */
const iso = (column: string, precision: 'MS' | 'US') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

/** The one select list of a project row, over `p`; its task counts come from `taskCounts`. */
const projectSelect = sql`p.id, p.name, p.description, p.status, p.due_date::text as due_date,
  ${iso('p.created_at', 'MS')} as created_at, ${iso('p.created_at', 'US')} as created_key`;

interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  status: ProjectStatus;
  due_date: string | null;
  created_at: string;
  created_key: string;
}

const projectKey = (row: ProjectRow): CursorKey => [row.created_key, row.id];

/** LIKE's wildcards in `q` match themselves. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The task progress of a page of projects in one grouped query over tasks_project_idx, never one per card: of the
 * tasks the member sees. Every task linked to a project is in the project's workspace (a task's links are checked
 * visible to its writer); a member on "own records" counts what the project's task list shows them, their own and
 * those assigned to them, not a colleague's tasks in it.
 */
async function taskCounts(
  db: Db | Tx,
  member: Member,
  ids: string[],
): Promise<Map<string, { n: number; done: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      projectId: tasks.projectId,
      n: count(),
      done: sql<number>`count(*) filter (where ${tasks.status} = 'Done')`.mapWith(Number),
    })
    .from(tasks)
    .where(
      and(inArray(tasks.projectId, ids), member.ownOnly ? visibleTo(tasks, member, tasks.assignedUserId) : undefined),
    )
    .groupBy(tasks.projectId);
  return new Map(rows.map((row) => [row.projectId!, { n: row.n, done: row.done }]));
}

function toProject(row: ProjectRow, counts: Map<string, { n: number; done: number }>): Project {
  const progress = counts.get(row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    dueDate: row.due_date,
    createdAt: row.created_at,
    taskCount: progress?.n ?? 0,
    doneTaskCount: progress?.done ?? 0,
  };
}

/** Pages of rows made into Projects, with the task counts of all of them read at once. */
async function withProgress(
  db: Db | Tx,
  member: Member,
  pages: KeysetPage<ProjectRow>[],
): Promise<KeysetPage<Project>[]> {
  const counts = await taskCounts(
    db,
    member,
    pages.flatMap((page) => page.items.map((row) => row.id)),
  );
  return pages.map((page) => ({ next: page.next, items: page.items.map((row) => toProject(row, counts)) }));
}

export interface ProjectListQuery {
  status?: ProjectStatus | undefined;
  /** Only projects whose name contains this, whatever the case. */
  q?: string | undefined;
  limit: number;
  before: CursorKey | null;
}

/**
 * A page of the projects the member sees, newest first, before a position: projects_workspace_created_idx answers
 * the grid, projects_workspace_status_created_idx a board column. A search filters while walking the index.
 */
export function listSql(member: Member, { status, q, limit, before }: ProjectListQuery): SQL {
  return sql`select ${projectSelect} from projects p
    where ${visibleSql(member, { alias: 'p' })}
      ${status ? sql`and p.status = ${status}` : sql``}
      ${q ? sql`and p.name ilike ${containsPattern(q)}` : sql``}
      ${before ? sql`and ${beforeKey(sql`p.created_at`, sql`p.id`, before)}` : sql``}
    order by p.created_at desc, p.id desc
    limit ${limit + 1}`;
}

export async function listProjects(db: Db, member: Member, query: ProjectListQuery): Promise<KeysetPage<Project>> {
  const rows = await selectRows<ProjectRow>(db, listSql(member, query));
  const [page] = await withProgress(db, member, [keysetPage(rows, query.limit, projectKey, (row) => row)]);
  return page!;
}

const statusList = sql`array[${sql.join(
  projectStatuses.map((status) => sql`${status}`),
  sql`, `,
)}]::text[]`;

/** Every column's first page (and one more row, telling whether there is a next): one index range per status. */
export function boardFirstPagesSql(member: Member): SQL {
  return sql`select s.status as column_status, ${projectSelect}
    from unnest(${statusList}) as s(status)
    cross join lateral (
      select * from projects
      where ${visibleSql(member)} and status = s.status
      order by created_at desc, id desc
      limit ${PROJECT_BOARD_PAGE_SIZE + 1}
    ) p
    order by p.created_at desc, p.id desc`;
}

/** Each column's count up to COUNT_CAP: an index range per status, bounded whatever the workspace has. */
export function boardCountsSql(member: Member): SQL {
  return sql`select s.status, (
      select count(*) from (
        select 1 from projects where ${visibleSql(member)} and status = s.status limit ${COUNT_CAP + 1}
      ) capped
    )::int as n
    from unnest(${statusList}) as s(status)`;
}

export interface ProjectBoardColumnPage {
  status: ProjectStatus;
  count: Count;
  page: KeysetPage<Project>;
}

/** The whole board in three queries whatever its size: the counts, every column's first page, their task progress. */
export async function getProjectBoard(db: Db, member: Member): Promise<ProjectBoardColumnPage[]> {
  // One after another: they share the request's transaction, so its one connection.
  const counts = await selectRows<{ status: ProjectStatus; n: number }>(db, boardCountsSql(member));
  const rows = await selectRows<ProjectRow & { column_status: ProjectStatus }>(db, boardFirstPagesSql(member));
  const countOf = new Map(counts.map((row) => [row.status, Number(row.n)]));
  const pages = await withProgress(
    db,
    member,
    projectStatuses.map((status) =>
      keysetPage(
        rows.filter((row) => row.column_status === status),
        PROJECT_BOARD_PAGE_SIZE,
        projectKey,
        (row) => row,
      ),
    ),
  );
  return projectStatuses.map((status, i) => {
    const n = countOf.get(status) ?? 0;
    return { status, count: { count: Math.min(n, COUNT_CAP), hasMore: n > COUNT_CAP }, page: pages[i]! };
  });
}

export async function getProject(db: Db | Tx, member: Member, id: string): Promise<Project> {
  const [row] = await selectRows<ProjectRow>(
    db,
    sql`select ${projectSelect} from projects p where p.id = ${id} and ${visibleSql(member, { alias: 'p' })}`,
  );
  if (!row) throw notFound();
  return toProject(row, await taskCounts(db, member, [row.id]));
}

export async function createProject(db: Db, member: Member, input: ProjectValues): Promise<Project> {
  const [row] = await selectRows<ProjectRow>(
    db,
    sql`insert into projects as p (workspace_id, user_id, name, description, status, due_date)
      values (${member.workspaceId}, ${member.userId}, ${input.name}, ${input.description}, ${input.status}, ${input.dueDate}::date)
      returning ${projectSelect}`,
  );
  return toProject(row!, new Map());
}

export async function updateProject(db: Db, member: Member, id: string, input: ProjectValues): Promise<Project> {
  return writeProject(
    db,
    member,
    id,
    sql`name = ${input.name}, description = ${input.description}, status = ${input.status},
      due_date = ${input.dueDate}::date`,
  );
}

/** The drag on the board: any of the five statuses. */
export function moveProject(db: Db, member: Member, id: string, status: ProjectStatus): Promise<Project> {
  return writeProject(db, member, id, sql`status = ${status}`);
}

async function writeProject(db: Db, member: Member, id: string, set: SQL): Promise<Project> {
  const [row] = await selectRows<ProjectRow>(
    db,
    sql`update projects as p set ${set}
      where p.id = ${id} and ${visibleSql(member, { alias: 'p' })} returning ${projectSelect}`,
  );
  if (!row) throw notFound();
  return toProject(row, await taskCounts(db, member, [row.id]));
}

/** Its tasks stay, unlinked (ON DELETE SET NULL, behind tasks_project_idx). */
export async function deleteProject(db: Db, member: Member, id: string): Promise<void> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from projects where id = ${id} and ${visibleSql(member)} returning id`,
  );
  if (!rows.length) throw notFound();
}
