import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithRoutes, routeKeys } from '../test/isolation-app';
import { readAsA } from '../test/isolation-reads';
import { send } from '../test/isolation-requests';
import { makeTeam, TEAM_MARKER, type Team } from '../test/isolation-team';
import { readView, viewsOf, type Records } from '../test/isolation-views';
import { callsOf, ownRecordsMember, signedInCases, walkRoute, type Walker } from '../test/isolation-walk';
import { MARKER, makeWorld, type World } from '../test/isolation-world';
import type { TestApp } from '../test/test-app';

// Issue 29's isolation matrix by record visibility. Olive is a Member of A's workspace on "Only records they own or
// are assigned to": every list, board, count, search, export and calendar holds exactly her records and those
// assigned to her, and every route answers a colleague's record (A's, Dee's) 404, read, changed or deleted, as if it
// were another workspace's.

let t: TestApp & { routes: RouteOptions[] };
let w: World;
let team: Team;
let olive: Walker;
let feedPath: string;
let before: Record<string, unknown>;

beforeAll(async () => {
  t = await buildAppWithRoutes();
  w = await makeWorld(t.app);
  team = await makeTeam(w);
  olive = ownRecordsMember(w, team);
  feedPath = (await team.olive.get('/api/calendar/integration')).json<{ feedPath: string }>().feedPath;
  before = await readAsA(w, olive.unchanged);
});
afterAll(() => t?.close());

const isLive = (key: string) => routeKeys(t.routes).includes(key);

/** Olive's records and those assigned to her; A's and Dee's, which only the members who see all see. */
function workspace1Records(): { shown: Records; hidden: Records } {
  const { olive$, assigned, dee$ } = team;
  return {
    shown: {
      contacts: [olive$.contactId],
      contactNames: [`${TEAM_MARKER} Olive contact`],
      deals: [olive$.dealId],
      projects: [olive$.projectId],
      tasks: [olive$.taskId, assigned.taskId],
      categories: [olive$.categoryId],
      forms: [olive$.formId],
      chatbots: [olive$.chatbotId],
      events: [olive$.taskId, assigned.taskId, olive$.activityId, assigned.activityId],
      feedNames: [
        `${TEAM_MARKER} Olive task`,
        `${TEAM_MARKER} task for Olive`,
        `${TEAM_MARKER} Olive call`,
        `${TEAM_MARKER} meeting for Olive`,
      ],
    },
    hidden: {
      contacts: [w.contactId, dee$.contactId],
      contactNames: [`${MARKER} contact`, `${MARKER} Dee contact`],
      // The deal of the activity assigned to her stays A's: named in her calendar, never listed.
      deals: [w.dealId, dee$.dealId, assigned.dealId],
      projects: [w.projectId, dee$.projectId],
      tasks: [w.taskId, dee$.taskId, team.aTaskInOliveProjectId],
      categories: [w.categoryId],
      forms: [w.formId],
      chatbots: [w.chatbotId, w.liveBotId],
      events: [w.taskId, w.activityId, dee$.taskId, team.aTaskInOliveProjectId],
      feedNames: [`${MARKER} task`, `${MARKER} Dee task`, `${MARKER} activity`, `${MARKER} task in Olive’s project`],
    },
  };
}

describe('what a member on "own records" sees', () => {
  it('every view holds exactly her records and those assigned to her; A, who sees all, sees them all', async () => {
    const { shown, hidden } = workspace1Records();
    const wrong: string[] = [];
    for (const view of viewsOf(w.pipelineId, feedPath, shown, hidden)) {
      const seen = await readView(t.app, team.olive, view);
      if (JSON.stringify(seen) !== JSON.stringify(view.shown)) wrong.push(`${view.view} (Olive): ${seen.join(', ')}`);
      if (view.anonymous) continue; // Her own feed.
      const all = [...view.shown, ...view.hidden];
      const seenByA = await readView(t.app, w.a, view);
      if (JSON.stringify(seenByA) !== JSON.stringify(all)) wrong.push(`${view.view} (A): ${seenByA.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('counts hers only: the contacts, the dashboard, the board of the workspace’s pipeline, her project’s tasks', async () => {
    expect((await team.olive.get('/api/contacts/count')).json()).toEqual({ count: 1, hasMore: false });
    const dashboard = await team.olive.get('/api/dashboard?tz=UTC');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({
      stats: { totalContacts: 1, activeProjects: 1, openTasks: 2, totalDealValue: '250.00' },
      pipelineOverview: [{ stage: 'Lead', count: 1, value: '250.00' }],
      schedule: [],
    });
    // Today's schedule and this month's revenue are workspace 1's: A's task due now, Dee's deal won.
    const revenue = dashboard.json<{ revenue: Array<{ value: string }> }>().revenue;
    expect(revenue.filter((month) => Number(month.value) !== 0)).toEqual([]);
    const board = await team.olive.get(`/api/deals/board?pipelineId=${w.pipelineId}`);
    const lead = board.json<{ columns: Array<{ stage: string; count: number; total: number }> }>().columns[0];
    expect(lead).toMatchObject({ stage: 'Lead', count: 1, total: 250 });
    // Her project holds her task and one of A's: its progress is of the tasks she sees, wherever it shows.
    const project = team.olive$.projectId;
    const progress = { taskCount: 1, doneTaskCount: 0 };
    expect((await team.olive.get(`/api/projects/${project}`)).json()).toMatchObject(progress);
    const listed = (await team.olive.get('/api/projects')).json<{ items: Array<{ id: string }> }>().items;
    expect(listed.find((p) => p.id === project)).toMatchObject(progress);
    const projects = await team.olive.get('/api/projects/board');
    const cards = projects.json<{ columns: Array<{ items: Array<{ id: string }> }> }>().columns.flatMap((c) => c.items);
    expect(cards.find((p) => p.id === project)).toMatchObject(progress);
    const renamed = await send(t.app, team.olive.cookie, {
      method: 'PUT',
      url: `/api/projects/${project}`,
      body: { name: `${TEAM_MARKER} Olive project` },
    });
    expect(renamed.json()).toMatchObject(progress);
    expect((await w.a.get(`/api/projects/${project}`)).json()).toMatchObject({ taskCount: 2 });
    const aDashboard = (await w.a.get('/api/dashboard?tz=UTC')).json<{
      schedule: Array<{ id: string }>;
      revenue: Array<{ value: string }>;
    }>();
    expect(aDashboard.schedule.map((item) => item.id)).toContain(team.aTaskInOliveProjectId);
    expect(Number(aDashboard.revenue.at(-1)!.value)).toBe(500);
    // A, seeing all: A's deal of 100, Dee's and Olive's of 250, the assigned activity's of 900.
    const aBoard = await w.a.get(`/api/deals/board?pipelineId=${w.pipelineId}`);
    expect(aBoard.json<{ columns: Array<{ count: number; total: number }> }>().columns[0]).toMatchObject({
      count: 4,
      total: 1500,
    });
  });

  it('answers 404 for the deal of the activity assigned to her, and its activities', async () => {
    for (const url of [`/api/deals/${team.assigned.dealId}`, `/api/deals/${team.assigned.dealId}/activities`]) {
      expect((await team.olive.get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('the walk of the member on "own records"', () => {
  it.each(signedInCases)('$key: Olive reaches none of her colleagues’ records', async ({ key, c }) => {
    if (!isLive(key)) return; // The isolation matrix reports a case of a route that is gone.
    const probes = callsOf(olive, key, c);
    await walkRoute(t.app, olive, probes);
    if (probes.some((probe) => probe.method !== 'GET')) expect(await readAsA(w, olive.unchanged)).toEqual(before);
  });

  it('leaves all of A’s records as they were', async () => {
    expect(await readAsA(w, olive.unchanged)).toEqual(before);
  });
});
