import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealActivities, tasks } from '../db/schema';
import { pathSpellings } from '../test/path-spellings';
import { signUp, type TestApp, type UserClient } from '../test/test-app';
import { routeCases, type Probe } from '../test/isolation-cases';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import { aReads, readAsA, type ReadKey } from '../test/isolation-reads';
import { send } from '../test/isolation-requests';
import { leaksIn, callsOf, ownerOfAnother, signedInCases, walkRoute } from '../test/isolation-walk';
import { MARKER, makeWorld, type World } from '../test/isolation-world';
import { joined } from '../test/workspace-kit';

// Issue 14's isolation matrix: every /api route of the server's own route table, walked by user B with user A's
// records at hand and by no one (decisions.md item 3: another user's record answers 404, never its data; 403 only for an invitation B holds the link of).
// Issue 29 walks it again as a Member of another workspace and the roles of a workspace
// (isolation-workspaces.test.ts), and as a Member on "own records" (isolation-visibility.test.ts).

let t: TestApp & { routes: RouteOptions[] };
let w: World;
let before: Record<string, unknown>;
const everything = Object.keys(aReads) as ReadKey[];

beforeAll(async () => {
  t = await buildAppWithRoutes();
  w = await makeWorld(t.app);
  before = await readAsA(w, everything);
});
afterAll(() => t?.close());

const apiRoutes = () => routeKeys(t.routes).filter((key) => key.split(' ')[1]!.startsWith('/api/'));
const isLive = (key: string) => apiRoutes().includes(key);

/** A's ids, A's secret feed token and every name A gave: none may reach B. */
const leaksOf = (body: string) => leaksIn(body, ownerOfAnother(w));

const publicCases = Object.entries(routeCases).flatMap(([key, c]) => ('public' in c ? [{ key, c }] : []));

describe('the isolation matrix', () => {
  it('has a case for every /api route of the route table, and none for a route that is gone', () => {
    const live = apiRoutes();
    expect(live.length).toBeGreaterThan(90);
    const missing = live.filter((key) => !(key in routeCases));
    const gone = Object.keys(routeCases).filter((key) => !live.includes(key));
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
  });

  it.each(signedInCases)('$key: user B reaches nothing of user A’s', async ({ key, c }) => {
    if (!isLive(key)) return; // Reported by the test above.
    const b = ownerOfAnother(w);
    const probes = callsOf(b, key, c);
    await walkRoute(t.app, b, probes);
    // Reads are checked once more at the end; a write is checked at once, so a failure names its route.
    if (probes.some((probe) => probe.method !== 'GET')) expect(await readAsA(w, everything)).toEqual(before);
  });

  it.each(signedInCases)('$key: no session answers 401', async ({ key, c }) => {
    if (!isLive(key)) return;
    const probe: Probe = c.probes(w)[0]!;
    const res = await send(t.app, null, probe);
    expect(res.statusCode, `${probe.method} ${probe.url} → ${res.body}`).toBe(401);
    expect(leaksOf(res.body)).toEqual([]);
  });

  it.each(publicCases)('$key is public: $c.public', async ({ key, c }) => {
    if (!isLive(key)) return;
    const call = c.call(w);
    const res = await send(t.app, null, call);
    expect(res.statusCode, `${call.method} ${call.url} → ${res.body}`).not.toBe(401);
    expect(res.statusCode).toBeLessThan(500);
  });

  // Each route once through an escaped letter (which the router decodes to the route) and once through another
  // spelling in turn: the same answer as the plain path, or no route at all (404); nothing of A's either way.
  it('answers every signed-in route alike under other spellings of its path', async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const [n, { key, c }] of signedInCases.entries()) {
      if (!isLive(key)) continue;
      const probe = c.probes(w)[0]!;
      const spellings = pathSpellings(probe.url);
      for (const url of new Set([spellings[0]!, spellings[1 + (n % (spellings.length - 1))]!])) {
        sent++;
        const asB = await send(t.app, w.b.cookie, { ...probe, url });
        // B's own write a second time may be refused as a repeat (a folder of that name exists, an address invited
        // already): 400 or 409 is alike.
        const isAlike =
          probe.expect === 'own'
            ? asB.statusCode < 300 || asB.statusCode === 400 || asB.statusCode === 409
            : asB.statusCode === probe.expect;
        if (!isAlike && asB.statusCode !== 404) wrong.push(`${probe.method} ${url} as B → ${asB.statusCode}`);
        if (leaksOf(asB.body).length) wrong.push(`${probe.method} ${url} as B shows ${leaksOf(asB.body).join(', ')}`);
        const anonymous = await send(t.app, null, { ...probe, url });
        if (![401, 404].includes(anonymous.statusCode))
          wrong.push(`${probe.method} ${url} with no session → ${anonymous.statusCode}`);
      }
    }
    expect(sent).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
    expect(await readAsA(w, everything)).toEqual(before);
  });

  it('leaves all of user A’s data as it was', async () => {
    expect(await readAsA(w, everything)).toEqual(before);
  });
});

describe('assigned tasks and deal activities', () => {
  let c: UserClient;
  const from = () => new Date(Date.now() - 86_400_000).toISOString();
  const to = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
  const calendarIds = async (user: UserClient) => {
    const res = await user.get(`/api/calendar?from=${from()}&to=${to()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ events: Array<{ id: string }> }>().events.map((event) => event.id);
  };
  const taskIds = async (user: UserClient) =>
    (await user.get('/api/tasks?limit=100')).json<{ items: Array<{ id: string }> }>().items.map((x) => x.id);
  const newTask = async (user: UserClient, name: string) => {
    const res = await user.post('/api/tasks', { name, dueDate: new Date(Date.now() + 86_400_000).toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  async function newActivity(user: UserClient, pipelineId: string, name: string) {
    const pipeline = (await user.get('/api/pipelines')).json<Array<{ id: string; stages: string[] }>>();
    const stage = pipeline.find((p) => p.id === pipelineId)!.stages[0];
    const dealId = (await user.post('/api/deals', { name, pipelineId, stage })).json<{ id: string }>().id;
    const res = await user.post(`/api/deals/${dealId}/activities`, {
      activityType: 'meeting',
      description: name,
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { dealId, id: res.json<{ id: string }>().id };
  }

  // Assignment works inside a workspace: Ann (its Owner) with Bob and Dan, members who see only their own records
  // and what they are assigned; Carol is outside it.
  let a: UserClient;
  let b: UserClient;
  let d: UserClient;
  let pipelineId: string;
  beforeAll(async () => {
    a = await signUp(t.app, 'ann');
    b = await joined(t.app, a, 'bob', 'member');
    d = await joined(t.app, a, 'dan', 'member');
    for (const member of [b, d]) {
      const res = await a.patch(`/api/workspace/members/${member.id}`, { visibility: 'own' });
      expect(res.statusCode, res.body).toBe(200);
    }
    pipelineId = (await a.post('/api/pipelines', { name: 'Sales' })).json<{ id: string }>().id;
    c = await signUp(t.app, 'carol');
  });

  it('shows A’s task assigned to B to B, who may change it, and to no third user', async () => {
    const id = await newTask(a, `${MARKER} shared task`);
    await t.database.db.update(tasks).set({ assignedUserId: b.id }).where(eq(tasks.id, id));

    const seen = await b.get(`/api/tasks/${id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ name: `${MARKER} shared task`, isOwn: false });
    expect(await taskIds(b)).toContain(id);
    expect(await calendarIds(b)).toContain(id);
    expect((await b.patch(`/api/tasks/${id}/status`, { status: 'In Progress' })).statusCode).toBe(200);
    const renamed = await send(t.app, b.cookie, {
      method: 'PUT',
      url: `/api/tasks/${id}`,
      body: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await a.get(`/api/tasks/${id}`)).json()).toMatchObject({ name: 'Renamed', status: 'To Do', isOwn: true });

    for (const probe of [
      { method: 'GET', url: `/api/tasks/${id}` },
      { method: 'PUT', url: `/api/tasks/${id}`, body: { name: 'Carol’s now' } },
      { method: 'PATCH', url: `/api/tasks/${id}/status`, body: { status: 'Done' } },
      { method: 'DELETE', url: `/api/tasks/${id}` },
    ] as const) {
      for (const other of [c, d]) {
        const res = await send(t.app, other.cookie, probe);
        expect(res.statusCode, `${probe.method} ${probe.url}`).toBe(404);
      }
    }
    for (const other of [c, d]) {
      expect(await taskIds(other)).not.toContain(id);
      expect(await calendarIds(other)).not.toContain(id);
    }
    expect((await a.get(`/api/tasks/${id}`)).json()).toMatchObject({ name: 'Renamed', status: 'To Do' });

    expect((await b.delete(`/api/tasks/${id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/tasks/${id}`)).statusCode).toBe(404);
  });

  it('shows A’s deal activity assigned to B in B’s calendar, not to a third user; the deal stays A’s', async () => {
    const activity = await newActivity(a, pipelineId, `${MARKER} shared activity`);
    await t.database.db.update(dealActivities).set({ assignedUserId: b.id }).where(eq(dealActivities.id, activity.id));

    expect(await calendarIds(b)).toContain(activity.id);
    expect(await calendarIds(a)).toContain(activity.id);
    expect(await calendarIds(c)).not.toContain(activity.id);
    // Activities are reached through their deal, which B and C cannot open.
    for (const user of [b, c]) {
      expect((await user.get(`/api/deals/${activity.dealId}/activities`)).statusCode).toBe(404);
      expect((await user.post(`/api/deals/${activity.dealId}/activities/${activity.id}/complete`)).statusCode).toBe(
        404,
      );
      expect((await user.delete(`/api/deals/${activity.dealId}/activities/${activity.id}`)).statusCode).toBe(404);
    }
    const list = (await a.get(`/api/deals/${activity.dealId}/activities`)).json<{ items: unknown[] }>();
    expect(list.items).toEqual([expect.objectContaining({ id: activity.id, status: 'pending' })]);
  });

  it('keeps B’s unassigned task and activity from D, and shows D what B assigned to D', async () => {
    const hidden = await newTask(b, 'Bob private task');
    const activity = await newActivity(b, pipelineId, 'Bob private activity');
    const shared = await newTask(b, 'Bob task for Dan');
    await t.database.db.update(tasks).set({ assignedUserId: d.id }).where(eq(tasks.id, shared));

    expect((await d.get(`/api/tasks/${hidden}`)).statusCode).toBe(404);
    expect((await d.get(`/api/deals/${activity.dealId}/activities`)).statusCode).toBe(404);
    const dTasks = await taskIds(d);
    expect(dTasks).not.toContain(hidden);
    expect(dTasks).toContain(shared);
    const dCalendar = await calendarIds(d);
    expect(dCalendar).not.toContain(hidden);
    expect(dCalendar).not.toContain(activity.id);
    expect(dCalendar).toContain(shared);
    expect((await d.get(`/api/tasks/${shared}`)).json()).toMatchObject({ isOwn: false });
    const search = await d.get('/api/search?q=Bob%20private');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<{ items: unknown[] }>().items).toEqual([]);
    const shown = await d.get('/api/search?q=Bob%20task%20for%20Dan');
    expect(shown.json<{ items: Array<{ id: string }> }>().items.map((hit) => hit.id)).toEqual([shared]);
  });
});
