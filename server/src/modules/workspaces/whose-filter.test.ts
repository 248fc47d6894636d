import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '@common/deals';
import type { TaskBoard } from '@common/tasks';
import { whoseMessages } from '@common/whose';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// Issue 29, "Mine / Assigned to me / Everyone": the task board and list and the deal board show, within what the
// member sees, their own records, the tasks another member assigned to them, or all; the counts follow.

let t: TestApp;
let ann: UserClient;
let cleo: UserClient;
let pipelineId: string;

/** Ann sees all; Cleo is on "own records". */
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  cleo = await joined(t.app, ann, 'cleo', 'member');
  expect((await ann.patch(`/api/workspace/members/${cleo.id}`, { visibility: 'own' })).statusCode).toBe(200);
  const task = async (user: UserClient, name: string, assignedUserId: string | null) => {
    const res = await user.post('/api/tasks', { name, assignedUserId });
    expect(res.statusCode, res.body).toBe(201);
  };
  await task(ann, 'Call Ann alone', null);
  await task(ann, 'Call for Cleo', cleo.id);
  await task(ann, 'Call Ann herself', ann.id);
  await task(cleo, 'Call Cleo alone', null);
  await task(cleo, 'Call for Ann', ann.id);
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
  const deal = async (user: UserClient, name: string, value: number) => {
    const res = await user.post('/api/deals', { name, pipelineId, stage: 'Lead', value });
    expect(res.statusCode, res.body).toBe(201);
  };
  await deal(ann, 'Ann one', 10);
  await deal(ann, 'Ann two', 20);
  await deal(cleo, 'Cleo one', 300);
});
afterAll(() => t.close());

const sorted = (names: string[]) => [...names].sort();

async function listNames(user: UserClient, query: string): Promise<string[]> {
  const res = await user.get(`/api/tasks?limit=50&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return sorted(res.json<{ items: Array<{ name: string }> }>().items.map((item) => item.name));
}

/** The To Do column of the task board (every task here is To Do): its names and its count. */
async function toDo(user: UserClient, query: string) {
  const res = await user.get(`/api/tasks/board?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const column = res.json<TaskBoard>().columns.find((c) => c.status === 'To Do')!;
  return { names: sorted(column.items.map((item) => item.name)), count: column.count.count };
}

const expected = {
  ann: {
    mine: ['Call Ann alone', 'Call Ann herself', 'Call for Cleo'],
    assigned: ['Call for Ann'],
    everyone: ['Call Ann alone', 'Call Ann herself', 'Call Cleo alone', 'Call for Ann', 'Call for Cleo'],
  },
  cleo: {
    mine: ['Call Cleo alone', 'Call for Ann'],
    assigned: ['Call for Cleo'],
    everyone: ['Call Cleo alone', 'Call for Ann', 'Call for Cleo'],
  },
};

describe('whose tasks a list and a board show', () => {
  it('are the member’s own, those another member assigned to them, or all they see, in the list and on the board', async () => {
    for (const [user, who] of [
      [ann, 'ann'],
      [cleo, 'cleo'],
    ] as const) {
      for (const whose of ['mine', 'assigned', 'everyone'] as const) {
        const names = sorted(expected[who][whose]);
        expect(await listNames(user, `whose=${whose}`), `${who}, ${whose}`).toEqual(names);
        // The board's counts: kept by the counters, and counted when another filter applies.
        expect(await toDo(user, `whose=${whose}`), `${who}, ${whose}`).toEqual({ names, count: names.length });
        expect(await toDo(user, `whose=${whose}&q=call`), `${who}, ${whose}, searched`).toEqual({
          names,
          count: names.length,
        });
      }
      expect(await listNames(user, ''), `${who}, left out`).toEqual(sorted(expected[who].everyone));
    }
  });

  it('pages each choice apart: a cursor of "mine" is refused by "everyone"', async () => {
    const first = await ann.get('/api/tasks?whose=mine&limit=2');
    const page = first.json<{ items: Array<{ name: string }>; nextCursor: string }>();
    expect(page.items).toHaveLength(2);
    const cursor = encodeURIComponent(page.nextCursor);
    const rest = await ann.get(`/api/tasks?whose=mine&limit=2&cursor=${cursor}`);
    const names = [...page.items, ...rest.json<{ items: Array<{ name: string }> }>().items].map((item) => item.name);
    expect(sorted(names)).toEqual(sorted(expected.ann.mine));
    expect((await ann.get(`/api/tasks?limit=2&cursor=${cursor}`)).statusCode).toBe(400);
    // A board column's "Load more" is the list of that status under the same choice.
    const board = (await ann.get('/api/tasks/board?whose=mine')).json<TaskBoard>();
    expect(board.columns.every((column) => column.nextCursor === null)).toBe(true);
  });

  it('refuses any other value with a 400 naming the field', async () => {
    for (const path of [
      '/api/tasks?whose=theirs',
      '/api/tasks/board?whose=MINE',
      '/api/tasks?whose=mine&whose=assigned',
    ]) {
      const res = await ann.get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ error: whoseMessages.invalid, fields: { whose: whoseMessages.invalid } });
    }
  });
});

describe('whose deals the board shows', () => {
  const lead = async (user: UserClient, query: string) => {
    const res = await user.get(`/api/deals/board?pipelineId=${pipelineId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const column = res.json<Board>().columns.find((c) => c.stage === 'Lead')!;
    return { names: sorted(column.items.map((item) => item.name)), count: column.count, total: column.total };
  };

  it('are the member’s own or everyone’s they see, with the column totals of those', async () => {
    expect(await lead(ann, '&whose=mine')).toEqual({ names: ['Ann one', 'Ann two'], count: 2, total: 30 });
    const all = { names: ['Ann one', 'Ann two', 'Cleo one'], count: 3, total: 330 };
    expect(await lead(ann, '&whose=everyone')).toEqual(all);
    expect(await lead(ann, '')).toEqual(all);
    const cleos = { names: ['Cleo one'], count: 1, total: 300 };
    expect(await lead(cleo, '&whose=mine')).toEqual(cleos);
    expect(await lead(cleo, '')).toEqual(cleos);
  });

  it('pages a column of the member’s own deals apart from everyone’s', async () => {
    const column = (query: string) => ann.get(`/api/deals?pipelineId=${pipelineId}&stage=Lead&limit=1${query}`);
    const first = (await column('&whose=mine')).json<{ items: Array<{ name: string }>; nextCursor: string }>();
    const cursor = encodeURIComponent(first.nextCursor);
    const second = (await column(`&whose=mine&cursor=${cursor}`)).json<{
      items: Array<{ name: string }>;
      nextCursor: string | null;
    }>();
    expect(sorted([...first.items, ...second.items].map((item) => item.name))).toEqual(['Ann one', 'Ann two']);
    expect(second.nextCursor).toBeNull();
    expect((await column(`&cursor=${cursor}`)).statusCode).toBe(400);
  });

  it('refuses "assigned" and any other value with a 400 naming the field', async () => {
    for (const query of ['whose=assigned', 'whose=theirs']) {
      for (const path of [
        `/api/deals/board?pipelineId=${pipelineId}&${query}`,
        `/api/deals?pipelineId=${pipelineId}&stage=Lead&${query}`,
      ]) {
        const res = await ann.get(path);
        expect(res.statusCode, path).toBe(400);
        expect(res.json(), path).toEqual({
          error: whoseMessages.dealInvalid,
          fields: { whose: whoseMessages.dealInvalid },
        });
      }
    }
  });
});
