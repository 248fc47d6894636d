import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskStatuses } from '@common/constants';
import { TASK_BOARD_PAGE_SIZE, type Task, type TaskBoard, type TaskFilter } from '@common/tasks';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { dueRange } from './filters';
import { boardFirstPagesSql, listSql } from './service';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The task list and board: filters, keyset pages over own and assigned tasks, the board's columns and counts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface TaskPage {
  items: Task[];
  nextCursor: string | null;
}

type Query = Partial<Record<keyof TaskFilter | 'limit' | 'cursor', string>>;
const qs = (query: Query) => new URLSearchParams(query).toString();

const list = (user: UserClient, query: Query) => user.get(`/api/tasks?${qs(query)}`);

async function listIds(user: UserClient, query: Query): Promise<string[]> {
  const res = await list(user, { limit: '200', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<TaskPage>()
    .items.map((task) => task.id)
    .sort();
}

async function board(user: UserClient, query: Query = {}): Promise<TaskBoard> {
  const res = await user.get(`/api/tasks/board?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list from `cursor` on, checking each answers 200. */
async function pageThrough(user: UserClient, query: Query, cursor: string | null, seen: Task[]): Promise<number> {
  let pages = 0;
  while (cursor) {
    const res = await list(user, { ...query, cursor });
    expect(res.statusCode, res.body).toBe(200);
    const page: TaskPage = res.json();
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  }
  return pages;
}

type NewTask = Partial<typeof tasks.$inferInsert>;
const insertTasks = (user: UserClient, rows: NewTask[]) =>
  t.database.db
    .insert(tasks)
    .values(rows.map((row, i) => ({ userId: user.id, name: `Task ${i}`, ...row })))
    .returning({ id: tasks.id });

describe('task filters', () => {
  it('filters by due date in the browser’s time zone: overdue, today, this week, none', async () => {
    const user = await signUp(t.app, 'due');
    const tz = 'Pacific/Kiritimati';
    const now = new Date();
    const today = dueRange('today', tz, now);
    const week = dueRange('week', tz, now);
    const at = (date: Date, minutes = 0) => new Date(date.getTime() + minutes * 60_000);
    const day = 24 * 60;
    const cases: Array<[string, Date | null, Task['status']]> = [
      ['long ago', at(now, -2 * day), 'To Do'],
      ['long ago, done', at(now, -2 * day), 'Done'],
      ['start of today', today.from, 'In Progress'],
      ['end of today', at(today.to, -1), 'To Do'],
      ['start of tomorrow', today.to, 'To Do'],
      ['before this week', at(week.from, -1), 'To Do'],
      ['end of the week', at(week.to, -1), 'Done'],
      ['next week', week.to, 'To Do'],
      ['next month', at(now, 30 * day), 'To Do'],
      ['no due date', null, 'To Do'],
    ];
    const ids = await insertTasks(
      user,
      cases.map(([name, dueDate, status]) => ({ name, dueDate, status })),
    );
    const expected = (keep: (due: Date | null, status: string) => boolean) =>
      cases
        .map(([, due, status], i) => (keep(due, status) ? ids[i]!.id : null))
        .filter((id): id is string => id !== null)
        .sort();
    const within = (due: Date | null, range: { from: Date; to: Date }) =>
      due !== null && due >= range.from && due < range.to;

    expect(await listIds(user, { due: 'overdue', tz })).toEqual(
      expected((due, status) => due !== null && due < now && status !== 'Done'),
    );
    expect(await listIds(user, { due: 'today', tz })).toEqual(expected((due) => within(due, today)));
    expect(await listIds(user, { due: 'week', tz })).toEqual(expected((due) => within(due, week)));
    expect(await listIds(user, { due: 'none', tz })).toEqual(expected((due) => due === null));
    // The same instants read in UTC give another "today" whenever the two dates differ, which they always do
    // for a part of the day; the filter follows the zone it is given.
    const utcToday = dueRange('today', 'UTC', now);
    expect(await listIds(user, { due: 'today', tz: 'UTC' })).toEqual(expected((due) => within(due, utcToday)));

    const overdue = await board(user, { due: 'overdue', tz });
    expect(overdue.columns.map((c) => c.count.count)).toEqual(
      taskStatuses.map(
        (status) => cases.filter(([, due, s]) => s === status && due !== null && due < now && s !== 'Done').length,
      ),
    );
    expect((await list(user, { due: 'later' })).statusCode).toBe(400);
    expect((await list(user, { due: 'today', tz: 'Mars/Olympus' })).json()).toMatchObject({
      error: 'Unknown time zone',
    });
  });

  it('searches name and description case-insensitively, with % and _ matching themselves', async () => {
    const user = await signUp(t.app, 'search');
    const ids = await insertTasks(user, [
      { name: 'Call ACME' },
      { name: 'Email', description: 'about the acme deal' },
      { name: '100% done' },
      { name: '100 percent' },
      { name: 'snake_case' },
      { name: 'snakeXcase' },
    ]);
    const search = (q: string) => listIds(user, { q });
    expect(await search('acme')).toEqual([ids[0]!.id, ids[1]!.id].sort());
    expect(await search('100%')).toEqual([ids[2]!.id]);
    expect(await search('e_c')).toEqual([ids[4]!.id]);
    expect(await search('nothing like it')).toEqual([]);
    const column = (await board(user, { q: 'ACME' })).columns[0]!;
    expect(column.count).toEqual({ count: 2, hasMore: false });
  });

  it('filters by status, category, project and deal, and answers only the filtered column on the board', async () => {
    const user = await signUp(t.app, 'links');
    const category = (await user.post('/api/task-categories', { name: 'Calls' })).json().id as string;
    const project = (await user.post('/api/projects', { name: 'Launch' })).json().id as string;
    const pipelineId = (await user.post('/api/pipelines', { name: 'Sales' })).json().id as string;
    const deal = (await user.post('/api/deals', { name: 'Big', pipelineId, stage: 'Lead' })).json().id as string;
    const ids = await insertTasks(user, [
      { categoryId: category, status: 'Done' },
      { projectId: project, categoryId: category },
      { dealId: deal, status: 'In Progress' },
      {},
    ]);
    expect(await listIds(user, { categoryId: category })).toEqual([ids[0]!.id, ids[1]!.id].sort());
    expect(await listIds(user, { projectId: project })).toEqual([ids[1]!.id]);
    expect(await listIds(user, { dealId: deal })).toEqual([ids[2]!.id]);
    expect(await listIds(user, { status: 'Done' })).toEqual([ids[0]!.id]);
    expect(await listIds(user, { categoryId: category, status: 'To Do' })).toEqual([ids[1]!.id]);

    const filtered = await board(user, { status: 'In Progress' });
    expect(filtered.columns.map((c) => c.status)).toEqual([...taskStatuses]);
    expect(filtered.columns.map((c) => c.count.count)).toEqual([0, 1, 0]);
    expect(filtered.columns[1]!.items.map((x) => x.id)).toEqual([ids[2]!.id]);
    expect(filtered.columns[0]).toEqual({
      status: 'To Do',
      count: { count: 0, hasMore: false },
      items: [],
      nextCursor: null,
    });
    const all = await board(user);
    expect(all.columns.map((c) => c.count.count)).toEqual([2, 1, 1]);
    const byCategory = await board(user, { categoryId: category });
    expect(byCategory.columns.map((c) => c.count.count)).toEqual([1, 0, 1]);

    for (const [query, message] of [
      [{ categoryId: 'x' }, 'Category not found'],
      [{ projectId: 'x' }, 'Project not found'],
      [{ dealId: 'x' }, 'Deal not found'],
      [{ status: 'Blocked' }, 'Status must be one of To Do, In Progress, Done'],
    ] as const) {
      const res = await list(user, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect((await user.get(`/api/tasks/board?${qs(query)}`)).statusCode).toBe(400);
    }
  });
});

describe('task pages', () => {
  it('merges own and assigned tasks newest first, without skipping or doubling equal timestamps', async () => {
    const user = await signUp(t.app, 'pager');
    const other = await signUp(t.app, 'assigner');
    // One statement: every row shares created_at, so only the id orders them.
    const rows = Array.from({ length: 45 }, (_, i) =>
      i % 3 === 0
        ? { userId: other.id, assignedUserId: user.id, name: `Assigned ${i}` }
        : { userId: user.id, name: `Own ${i}` },
    );
    const seeded = await t.database.db.insert(tasks).values(rows).returning({ id: tasks.id });
    await t.database.db.insert(tasks).values({ userId: other.id, name: 'Not for the user' });

    const first: TaskPage = (await list(user, { limit: '7' })).json();
    expect(first.items).toHaveLength(7);
    const seen = [...first.items];
    const pages = await pageThrough(user, { limit: '7' }, first.nextCursor, seen);
    expect(pages).toBe(6);
    expect(seen.map((x) => x.id)).toEqual(
      seeded
        .map((x) => x.id)
        .sort()
        .reverse(),
    );
    expect(seen.filter((x) => !x.isOwn)).toHaveLength(15);
  });

  it('gives the last page no cursor, also when it is exactly full', async () => {
    const user = await signUp(t.app, 'last');
    await insertTasks(user, [{}, {}, {}, {}]);
    const first: TaskPage = (await list(user, { limit: '2' })).json();
    const second: TaskPage = (await list(user, { limit: '2', cursor: first.nextCursor! })).json();
    expect([first.items.length, second.items.length]).toEqual([2, 2]);
    expect(second.nextCursor).toBeNull();
  });

  it('loads more of a board column with the list and the same filters; other cursors are refused with 400', async () => {
    const user = await signUp(t.app, 'more');
    const seeded = await insertTasks(
      user,
      Array.from({ length: TASK_BOARD_PAGE_SIZE + 5 }, () => ({ status: 'In Progress', description: 'needle' })),
    );
    await insertTasks(user, [{ status: 'To Do', description: 'needle' }]);
    const column = (await board(user, { q: 'needle' })).columns[1]!;
    expect(column.items).toHaveLength(TASK_BOARD_PAGE_SIZE);
    const cursor = column.nextCursor!;
    const seen = [...column.items];
    expect(await pageThrough(user, { status: 'In Progress', q: 'needle', limit: '20' }, cursor, seen)).toBe(1);
    expect(seen.map((x) => x.id).sort()).toEqual(seeded.map((x) => x.id).sort());

    const invalid = { error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } };
    for (const query of [
      { status: 'In Progress' },
      { status: 'To Do', q: 'needle' },
      { q: 'needle' },
      { status: 'In Progress', q: 'needle', due: 'none' },
    ]) {
      const res = await list(user, { ...query, cursor });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    const thief = await signUp(t.app, 'thief');
    expect((await list(thief, { status: 'In Progress', q: 'needle', cursor })).json()).toEqual(invalid);
    const [, signature] = cursor.split('.');
    const payload = Buffer.from(JSON.stringify(['2000-01-01T00:00:00.000000Z', user.id])).toString('base64url');
    const forged = await list(user, { status: 'In Progress', q: 'needle', cursor: `${payload}.${signature}` });
    expect(forged.statusCode).toBe(400);
  });

  it('keeps a list of 5,000 tasks usable: the board answers 20 a column with counts, the list pages by cursor', async () => {
    const user = await signUp(t.app, 'bulk');
    await t.database.db.execute(
      sql`insert into tasks (user_id, name, status, due_date, created_at)
        select ${user.id}, 'Bulk ' || i, (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
          case when i % 2 = 0 then now() + i * interval '1 hour' end, now() - i * interval '1 second'
        from generate_series(1, 5000) as i`,
    );
    const started = Date.now();
    const result = await board(user);
    expect(result.columns.map((c) => c.items.length)).toEqual([20, 20, 20]);
    expect(result.columns.map((c) => c.count)).toEqual([
      { count: 1666, hasMore: false },
      { count: 1667, hasMore: false },
      { count: 1667, hasMore: false },
    ]);
    expect(result.columns.every((c) => c.nextCursor !== null)).toBe(true);
    expect(result.columns[0]!.items[0]!.name).toBe('Bulk 3');

    const first: TaskPage = (await list(user, { limit: '200' })).json();
    expect(first.items[0]!.name).toBe('Bulk 1');
    const seen = [...first.items];
    expect(await pageThrough(user, { limit: '200' }, first.nextCursor, seen)).toBe(24);
    expect(new Set(seen.map((x) => x.id)).size).toBe(5000);
    expect(seen.map((x) => x.name)).toEqual(Array.from({ length: 5000 }, (_, i) => `Bulk ${i + 1}`));
    // A generous bound on a shared two-core machine: the point is that nothing grows with the 5,000.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

describe('task plans', () => {
  it('reads a board column and the list through their indexes without sorting the user’s tasks', async () => {
    // A database of its own: the statistics of the other tests' users would sway the planner here.
    const own = await buildTestApp();
    try {
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      // Half of another user's tasks are assigned to this one: with only a handful, the planner rightly sorts
      // those few instead of reading tasks_assigned_created_idx in order.
      for (const status of taskStatuses) {
        await own.database.db.execute(
          sql`insert into tasks (user_id, name, status, created_at)
            select ${user.id}, 'Own ' || i, ${status}, now() - i * interval '1 minute' from generate_series(1, 1000) as i`,
        );
        await own.database.db.execute(
          sql`insert into tasks (user_id, assigned_user_id, name, status, created_at)
            select ${other.id}, case when i % 2 = 0 then ${user.id}::uuid end, 'Other ' || i, ${status},
              now() - i * interval '1 minute' from generate_series(1, 1000) as i`,
        );
      }
      await expect.poll(() => analyzeChangedTables(own.database.db), { timeout: 15_000 }).toContain('tasks');
      const planOf = async (query: SQL) =>
        (await selectRows<{ 'QUERY PLAN': string }>(own.database.db, sql`explain ${query}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      const [middle] = await selectRows<{ key: string; id: string }>(
        own.database.db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id from tasks
          where user_id = ${user.id} order by created_at desc, id desc offset 1500 limit 1`,
      );
      const before: [string, string] = [middle!.key, middle!.id];
      const filter = { tz: 'UTC' };
      const cases: Array<[SQL, string]> = [
        [boardFirstPagesSql(user.id, taskStatuses, filter), 'tasks_user_status_created_idx'],
        [
          listSql(user.id, { filter: { ...filter, status: 'Done' }, limit: 20, before }),
          'tasks_user_status_created_idx',
        ],
        [listSql(user.id, { filter, limit: 50, before: null }), 'tasks_user_created_idx'],
        [listSql(user.id, { filter, limit: 50, before }), 'tasks_user_created_idx'],
      ];
      for (const [query, index] of cases) {
        const plan = await planOf(query);
        // Each branch's limit reads its index in order (a sort of the page's few merged rows above is fine).
        expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Scan using ${index} on tasks`));
        expect(plan, plan).toMatch(/Limit[^\n]*\n\s*->\s+Index Scan using tasks_assigned_created_idx on tasks/);
        expect(plan, plan).not.toMatch(/(Seq|Bitmap Heap) Scan on tasks/);
      }
    } finally {
      await own.close();
    }
  }, 180_000);
});
