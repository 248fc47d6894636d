import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskStatuses } from '@common/constants';
import { type Task } from '@common/tasks';
import { dueRange } from './filters';
import { addTasks, board, list, listIds, qs, type NewTask } from '../../test/task-list-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The task list and board filtered: by due date in the browser's time zone, by text, status, category, project and
// deal. Pages, the board's columns and counts, and the plans: list-pages.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const insertTasks = (user: UserClient, rows: NewTask[]) => addTasks(t.database.db, user, rows);

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
