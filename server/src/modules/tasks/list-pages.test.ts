import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskStatuses } from '@common/constants';
import { TASK_BOARD_PAGE_SIZE } from '@common/tasks';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { soloMember, type Member } from '../../db/member-scope';
import { tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { boardFirstPagesSql, listSql } from './service';
import { addTasks, board, list, pageThrough, type NewTask, type TaskPage } from '../../test/task-list-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// The task list and board by pages: keyset pages over the workspace's tasks (or a member's own and assigned ones),
// the board's columns and counts, and both read through their indexes. The filters: list.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const insertTasks = (user: UserClient, rows: NewTask[]) => addTasks(t.database.db, user, rows);

describe('task pages', () => {
  it('merges own and assigned tasks newest first, without skipping or doubling equal timestamps', async () => {
    // An "own records" member of the assigner's workspace: their own tasks and those assigned to them.
    const other = await signUp(t.app, 'assigner');
    const user = await joined(t.app, other, 'pager', 'member');
    const own = await other.patch(`/api/workspace/members/${user.id}`, { visibility: 'own' });
    expect(own.statusCode, own.body).toBe(200);
    const workspaceId = other.id;
    // One statement: every row shares created_at, so only the id orders them.
    const rows = Array.from({ length: 45 }, (_, i) =>
      i % 3 === 0
        ? { userId: other.id, workspaceId, assignedUserId: user.id, name: `Assigned ${i}` }
        : { userId: user.id, workspaceId, name: `Own ${i}` },
    );
    const seeded = await t.database.db.insert(tasks).values(rows).returning({ id: tasks.id });
    await t.database.db.insert(tasks).values({ userId: other.id, workspaceId, name: 'Not for the user' });

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
      sql`insert into tasks (workspace_id, user_id, name, status, due_date, created_at)
        select ${user.id}, ${user.id}, 'Bulk ' || i, (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
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
  it('reads a board column and the list through their indexes without sorting the workspace’s tasks', async () => {
    // A database of its own: the statistics of the other tests' users would sway the planner here.
    const own = await buildTestApp();
    try {
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      // In the user's workspace, half of another member's tasks are assigned to the user: with only a handful, the
      // planner rightly sorts those few instead of reading tasks_assigned_created_idx in order.
      for (const status of taskStatuses) {
        await own.database.db.execute(
          sql`insert into tasks (workspace_id, user_id, name, status, created_at)
            select ${user.id}, ${user.id}, 'Own ' || i, ${status}, now() - i * interval '1 minute'
            from generate_series(1, 1000) as i`,
        );
        await own.database.db.execute(
          sql`insert into tasks (workspace_id, user_id, assigned_user_id, name, status, created_at)
            select ${user.id}, ${other.id}, case when i % 2 = 0 then ${user.id}::uuid end, 'Other ' || i, ${status},
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
      // The whole workspace in one branch; under "own records", the member's own and those assigned to them in two.
      const members: Member[] = [soloMember(user.id), { ...soloMember(user.id), ownOnly: true }];
      for (const member of members) {
        const cases: Array<[SQL, string]> = [
          [boardFirstPagesSql(member, taskStatuses, filter), 'tasks_workspace_status_created_idx'],
          [
            listSql(member, { filter: { ...filter, status: 'Done' }, limit: 20, before }),
            'tasks_workspace_status_created_idx',
          ],
          [listSql(member, { filter, limit: 50, before: null }), 'tasks_workspace_created_idx'],
          [listSql(member, { filter, limit: 50, before }), 'tasks_workspace_created_idx'],
        ];
        for (const [query, index] of cases) {
          const plan = await planOf(query);
          // Each branch's limit reads its index in order (a sort of the page's few merged rows above is fine).
          expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Scan using ${index} on tasks`));
          const assigned = /Limit[^\n]*\n\s*->\s+Index Scan using tasks_assigned_created_idx on tasks/;
          if (member.ownOnly) expect(plan, plan).toMatch(assigned);
          else expect(plan, plan).not.toMatch(/tasks_assigned_created_idx/);
          expect(plan, plan).not.toMatch(/(Seq|Bitmap Heap) Scan on tasks/);
        }
        // "Mine" is the member's own range alone, "Assigned to me" the assigned index alone, whatever the visibility.
        const ranges = [
          ['mine', /tasks_workspace_(status_)?created_idx/, /tasks_assigned_created_idx/],
          ['assigned', /tasks_assigned_created_idx/, /tasks_workspace_(status_)?created_idx/],
        ] as const;
        for (const [whose, index, unused] of ranges) {
          const chosen = { ...filter, whose };
          for (const query of [
            boardFirstPagesSql(member, taskStatuses, chosen),
            listSql(member, { filter: { ...chosen, status: 'Done' }, limit: 20, before }),
            listSql(member, { filter: chosen, limit: 50, before: null }),
            listSql(member, { filter: chosen, limit: 50, before }),
          ]) {
            const plan = await planOf(query);
            expect(plan, plan).toMatch(
              new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Scan using ${index.source} on tasks`),
            );
            expect(plan, plan).not.toMatch(unused);
            expect(plan, plan).not.toMatch(/(Seq|Bitmap Heap) Scan on tasks/);
          }
        }
      }
    } finally {
      await own.close();
    }
  }, 180_000);
});
