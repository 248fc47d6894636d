import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectStatuses } from '@common/constants';
import { COUNT_CAP } from '@common/http';
import { PROJECT_BOARD_PAGE_SIZE, type Project, type ProjectBoard, type ProjectStatus } from '@common/projects';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { soloMember } from '../../db/member-scope';
import { projects } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { boardFirstPagesSql, listSql } from './service';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The project board in one request, a column's "Load more" and the grid, paged by cursor.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface ProjectPage {
  items: Project[];
  nextCursor: string | null;
}

/** `n` projects at a status, inserted in one statement: they share created_at to the microsecond. */
const seed = (user: UserClient, status: ProjectStatus, n: number, name: string = status, on: TestApp = t) =>
  on.database.db
    .insert(projects)
    .values(
      Array.from({ length: n }, (_, i) => ({ userId: user.id, workspaceId: user.id, status, name: `${name} ${i}` })),
    )
    .returning({ id: projects.id });

async function board(user: UserClient): Promise<ProjectBoard> {
  const res = await user.get('/api/projects/board');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const list = (user: UserClient, query: Record<string, string | null>) => {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return user.get(`/api/projects?${params.toString()}`);
};

async function pageThrough(user: UserClient, query: Record<string, string>, cursor: string | null, seen: Project[]) {
  let pages = 0;
  while (cursor) {
    const res = await list(user, { ...query, cursor });
    expect(res.statusCode, res.body).toBe(200);
    const page: ProjectPage = res.json();
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  }
  return pages;
}

const newestFirst = (a: Project, b: Project) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

describe('project board', () => {
  it('answers the five columns in order, each its first page newest first with its count', async () => {
    const user = await signUp(t.app, 'board');
    await seed(user, 'Planning', PROJECT_BOARD_PAGE_SIZE + 3);
    await seed(user, 'Review', 2);
    const newest = await user.post('/api/projects', { name: 'Newest', status: 'Planning' });
    const other = await signUp(t.app, 'other');
    await seed(other, 'Review', 4);

    const result = await board(user);
    expect(result.columns.map((c) => c.status)).toEqual([...projectStatuses]);
    const planning = result.columns[1]!;
    expect(planning.count).toEqual({ count: PROJECT_BOARD_PAGE_SIZE + 4, hasMore: false });
    expect(planning.items).toHaveLength(PROJECT_BOARD_PAGE_SIZE);
    expect(planning.items[0]!.id).toBe(newest.json().id);
    expect(planning.items).toEqual([...planning.items].sort(newestFirst));
    expect(planning.nextCursor).toEqual(expect.any(String));
    expect(result.columns[3]).toMatchObject({
      status: 'Review',
      count: { count: 2, hasMore: false },
      nextCursor: null,
    });
    expect(result.columns[3]!.items.every((p) => p.status === 'Review')).toBe(true);
    expect(result.columns[0]).toEqual({
      status: 'Not Started',
      count: { count: 0, hasMore: false },
      items: [],
      nextCursor: null,
    });
  });

  it('pages a column from the board’s cursor to its end, without skipping or doubling equal timestamps', async () => {
    const user = await signUp(t.app, 'column');
    const seeded = await seed(user, 'Completed', PROJECT_BOARD_PAGE_SIZE * 2 + 5);
    await seed(user, 'In Progress', 3);
    const first = (await board(user)).columns.find((c) => c.status === 'Completed')!;
    const seen = [...first.items];
    const pages = await pageThrough(user, { status: 'Completed', limit: '20' }, first.nextCursor, seen);
    expect(pages).toBe(2);
    expect(seen.map((p) => p.id)).toEqual(
      seeded
        .map((p) => p.id)
        .sort()
        .reverse(),
    );
    expect(seen.every((p) => p.status === 'Completed')).toBe(true);
  });

  it('pages the grid over all statuses; the last page has no cursor, also when exactly full', async () => {
    const user = await signUp(t.app, 'grid');
    const seeded = [...(await seed(user, 'Planning', 3)), ...(await seed(user, 'Review', 3))];
    const first: ProjectPage = (await list(user, { limit: '2' })).json();
    const seen = [...first.items];
    expect(await pageThrough(user, { limit: '2' }, first.nextCursor, seen)).toBe(2);
    expect(seen.map((p) => p.id).sort()).toEqual(seeded.map((p) => p.id).sort());
    expect(seen).toEqual([...seen].sort(newestFirst));
  });

  it('refuses a cursor of another user, another status, the grid, or a forged one with 400', async () => {
    const user = await signUp(t.app, 'cursor');
    await seed(user, 'Planning', 3);
    await seed(user, 'Review', 3);
    const planning: string = (await list(user, { status: 'Planning', limit: '1' })).json().nextCursor;
    const grid: string = (await list(user, { limit: '1' })).json().nextCursor;
    expect((await list(user, { status: 'Planning', limit: '1', cursor: planning })).statusCode).toBe(200);
    const invalid = { error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } };
    for (const [query, cursor] of [
      [{ status: 'Review' }, planning],
      [{}, planning],
      [{ status: 'Planning' }, grid],
      [{ q: 'Planning' }, grid],
    ] as const) {
      const res = await list(user, { ...query, limit: '1', cursor });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    const other = await signUp(t.app, 'thief');
    expect((await list(other, { status: 'Planning', cursor: planning })).json()).toEqual(invalid);
    const [, signature] = planning.split('.');
    const payload = Buffer.from(JSON.stringify(['2000-01-01T00:00:00.000000Z', user.id])).toString('base64url');
    expect((await list(user, { status: 'Planning', cursor: `${payload}.${signature}` })).statusCode).toBe(400);
  });

  it('caps each column’s count at COUNT_CAP and says there are more', async () => {
    const user = await signUp(t.app, 'many');
    await t.database.db.execute(
      sql`insert into projects (workspace_id, user_id, name, status)
        select ${user.id}, ${user.id}, 'Bulk ' || i, 'Review' from generate_series(1, ${COUNT_CAP + 2}) as i`,
    );
    const review = (await board(user)).columns.find((c) => c.status === 'Review')!;
    expect(review.count).toEqual({ count: COUNT_CAP, hasMore: true });
    expect(review.items).toHaveLength(PROJECT_BOARD_PAGE_SIZE);
  });
});

describe('project board plans', () => {
  it('reads each column and the grid through their index without sorting the user’s projects', async () => {
    // A database of its own: the statistics of the other tests' skewed users would sway the planner here.
    const own = await buildTestApp();
    try {
      await checkPlans(own);
    } finally {
      await own.close();
    }
  }, 180_000);
});

async function checkPlans(p: TestApp) {
  const user = await signUp(p.app, 'plan');
  for (const status of projectStatuses) await seed(user, status, 600, status, p);
  await expect.poll(() => analyzeChangedTables(p.database.db), { timeout: 15_000 }).toContain('projects');
  const planOf = async (query: SQL) =>
    (await selectRows<{ 'QUERY PLAN': string }>(p.database.db, sql`explain ${query}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  // A position halfway down a column, as a deep "Load more" would send.
  const [middle] = await selectRows<{ key: string; id: string }>(
    p.database.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, id from projects
      where user_id = ${user.id} and status = 'Review' order by created_at desc, id desc offset 300 limit 1`,
  );
  const before: [string, string] = [middle!.key, middle!.id];
  const member = soloMember(user.id);
  const cases: Array<[SQL, string]> = [
    [boardFirstPagesSql(member), 'projects_workspace_status_created_idx'],
    [listSql(member, { status: 'Review', limit: 20, before: null }), 'projects_workspace_status_created_idx'],
    [listSql(member, { status: 'Review', limit: 20, before }), 'projects_workspace_status_created_idx'],
    [listSql(member, { limit: 50, before: null }), 'projects_workspace_created_idx'],
    [listSql(member, { limit: 50, before }), 'projects_workspace_created_idx'],
  ];
  for (const [query, index] of cases) {
    const plan = await planOf(query);
    // The limit reads the index in order: no sort of the column's projects in between.
    expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->\\s+Index Scan using ${index} on projects`));
    expect(plan, plan).not.toMatch(/(Seq|Bitmap Heap) Scan on projects/);
  }
}
