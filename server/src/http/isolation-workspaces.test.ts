import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import { readAsA } from '../test/isolation-reads';
import { send } from '../test/isolation-requests';
import { adminCalls, adminRoutes, ownerCalls, ownerRoutes } from '../test/isolation-roles';
import { makeTeam, TEAM_MARKER, type Team } from '../test/isolation-team';
import { callsOf, memberOfAnother, signedInCases, walkRoute, type Walker } from '../test/isolation-walk';
import { readView, viewsOf, type Records } from '../test/isolation-views';
import { MARKER, makeWorld, type World } from '../test/isolation-world';
import type { TestApp, UserClient } from '../test/test-app';

// Issue 29's isolation matrix across workspaces and roles. Dee is a Member of workspace 2, where she works, and an
// Admin of workspace 1 (A's), where she owns records: from workspace 2 she reads, changes and learns nothing of
// workspace 1 on any route, her role there gives her nothing here, and each view holds workspace 2's records only.
// Then the roles of workspace 2: a Member is refused every Admin's route, an Admin the Owner's, changing nothing.

let t: TestApp & { routes: RouteOptions[] };
let w: World;
let team: Team;
let dee: Walker;
let before: Record<string, unknown>;

beforeAll(async () => {
  t = await buildAppWithRoutes();
  w = await makeWorld(t.app);
  team = await makeTeam(w);
  dee = memberOfAnother(w, team);
  before = await readAsA(w, dee.unchanged);
});
afterAll(() => t?.close());

const isLive = (key: string) => routeKeys(t.routes).includes(key);

/** Workspace 2's records a member there sees, and workspace 1's, which none of them does. */
function workspace2Records(): { shown: Records; hidden: Records } {
  const { olive$, assigned, dee$, w2 } = team;
  return {
    shown: {
      contacts: [w2.contactId],
      contactNames: ['Bob contact'],
      deals: [w2.dealId],
      projects: [w2.projectId],
      tasks: [w2.taskId],
      categories: [],
      forms: [],
      chatbots: [w.bChatbotId],
      events: [w2.taskId],
      feedNames: [],
    },
    hidden: {
      contacts: [w.contactId, olive$.contactId, dee$.contactId],
      contactNames: [`${MARKER} contact`, `${TEAM_MARKER} Olive contact`, `${MARKER} Dee contact`],
      deals: [w.dealId, olive$.dealId, dee$.dealId, assigned.dealId],
      projects: [w.projectId, olive$.projectId, dee$.projectId],
      tasks: [w.taskId, olive$.taskId, dee$.taskId, assigned.taskId],
      categories: [w.categoryId, olive$.categoryId],
      forms: [w.formId, olive$.formId],
      chatbots: [w.chatbotId, w.liveBotId, olive$.chatbotId],
      events: [w.taskId, w.activityId, dee$.taskId, olive$.taskId, olive$.activityId, assigned.taskId],
      feedNames: [`${MARKER} Dee task`, `${MARKER} task`, `${TEAM_MARKER} Olive task`],
    },
  };
}

async function feedPathOf(user: UserClient): Promise<string> {
  const res = await user.get('/api/calendar/integration');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ feedPath: string }>().feedPath;
}

describe('workspace 2’s views, read by Dee', () => {
  it('hold workspace 2’s records and none of workspace 1’s, where Dee owns records too', async () => {
    const { shown, hidden } = workspace2Records();
    const wrong: string[] = [];
    for (const view of viewsOf(w.bPipelineId, await feedPathOf(team.dee), shown, hidden)) {
      const seen = await readView(t.app, team.dee, view);
      if (JSON.stringify(seen) !== JSON.stringify(view.shown)) wrong.push(`${view.view}: ${seen.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('count workspace 2’s records only: the contacts, the dashboard, the board', async () => {
    expect((await team.dee.get('/api/contacts/count')).json()).toEqual({ count: 1, hasMore: false });
    const dashboard = await team.dee.get('/api/dashboard?tz=UTC');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({
      stats: { totalContacts: 1, activeProjects: 1, openTasks: 1, totalDealValue: '250.00' },
      pipelineOverview: [{ stage: 'Lead', count: 1, value: '250.00' }],
      schedule: [],
    });
    // Today's schedule and this month's revenue are workspace 1's: A's task due now, Dee's deal won.
    const revenue = dashboard.json<{ revenue: Array<{ value: string }> }>().revenue;
    expect(revenue.filter((month) => Number(month.value) !== 0)).toEqual([]);
    const board = await team.dee.get(`/api/deals/board?pipelineId=${w.bPipelineId}`);
    const lead = board.json<{ columns: Array<{ stage: string; count: number; total: number }> }>().columns[0];
    expect(lead).toMatchObject({ stage: 'Lead', count: 1, total: 250 });
  });
});

describe('the walk of workspace 2’s Member', () => {
  it.each(signedInCases)('$key: Dee reaches nothing of workspace 1', async ({ key, c }) => {
    if (!isLive(key)) return; // The isolation matrix reports a case of a route that is gone.
    const probes = callsOf(dee, key, c);
    await walkRoute(t.app, dee, probes);
    if (probes.some((probe) => probe.method !== 'GET')) expect(await readAsA(w, dee.unchanged)).toEqual(before);
  });

  it('leaves all of workspace 1 as it was', async () => {
    expect(await readAsA(w, dee.unchanged)).toEqual(before);
  });
});

describe('roles in workspace 2', () => {
  /** Workspace 2 as its Owner reads it: its name, members, invitations and pipelines (a request is no change). */
  async function workspace2(): Promise<unknown[]> {
    const reads = ['/api/workspaces', '/api/workspace/members', '/api/workspace/invitations', '/api/pipelines'];
    const activity = (key: string, value: unknown) => (key === 'lastActiveAt' ? undefined : value);
    return Promise.all(reads.map(async (url) => JSON.parse((await w.b.get(url)).body, activity) as unknown));
  }

  it('has a call for every Admin’s route and every Owner’s route', () => {
    expect(adminCalls(w, team).map((call) => call.key)).toEqual(expect.arrayContaining(Object.keys(adminRoutes)));
    expect(Object.keys(adminRoutes)).toEqual(expect.arrayContaining(adminCalls(w, team).map((call) => call.key)));
    expect(
      ownerCalls(team)
        .map((call) => call.key)
        .sort(),
    ).toEqual(Object.keys(ownerRoutes).sort());
  });

  it('refuses a Member every Admin’s route on the workspace’s own records with 403 and its message', async () => {
    const was = await workspace2();
    for (const { key, probe } of adminCalls(w, team)) {
      const res = await send(t.app, team.dee.cookie, probe);
      expect(res.statusCode, `${key} → ${res.body}`).toBe(403);
      expect(res.json().error, key).toBe(adminRoutes[key]);
    }
    expect(await workspace2()).toEqual(was);
  });

  it('refuses an Admin and a Member the Owner’s routes with 403 and its message', async () => {
    const was = await workspace2();
    for (const user of [team.ada, team.dee]) {
      for (const { key, probe } of ownerCalls(team)) {
        const res = await send(t.app, user.cookie, probe);
        expect(res.statusCode, `${key} → ${res.body}`).toBe(403);
        expect(res.json().error, key).toBe(ownerRoutes[key]);
      }
    }
    expect(await workspace2()).toEqual(was);
  });

  it('lets an Admin make the same calls', async () => {
    for (const { key, probe, admin } of adminCalls(w, team)) {
      const res = await send(t.app, team.ada.cookie, probe);
      expect(res.statusCode, `${key} → ${res.body}`).toBe(admin);
    }
  });

  it('lets the Owner make the Owner’s calls', async () => {
    for (const { key, probe, owner } of ownerCalls(team)) {
      const res = await send(t.app, w.b.cookie, probe);
      expect(res.statusCode, `${key} → ${res.body}`).toBe(owner);
    }
  });
});
