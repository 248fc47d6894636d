import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, dealActivities, emailAccounts, tasks, workspaceMembers } from '../../db/schema';
import { dashboardOf, HOUR, newDeal, newPipeline, silent } from '../../test/dashboard-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { dueRange } from '../tasks/filters';
import { getDashboard, revenueMonths } from './service';

// The dashboard (GET /api/dashboard): every widget with the figures of the records the member sees in their workspace,
// and a new user's zeros. Its time zones
// and the session: dashboard-time-zones.test.ts; a widget that fails: dashboard-widget-failure.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const booking = (userId: string, start: Date, bookerName: string, status = 'Scheduled') => ({
  userId,
  scheduledStartTime: start,
  scheduledEndTime: new Date(start.getTime() + HOUR / 2),
  bookerName,
  bookerEmail: 'booker@example.com',
  status,
});

describe('dashboard', () => {
  it('answers every widget with the workspace’s figures and nothing of another workspace’s', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    // Bob is also an "own records" member of Ann's workspace: what he owns there, and what Ann assigned him, is Ann's
    // workspace's; the rest of his records are in his own workspace.
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: ann.id, userId: bob.id, role: 'member', visibility: 'own' });
    const tz = 'America/New_York';
    const today = dueRange('today', tz);
    const at = (hours: number) => new Date(today.from.getTime() + hours * HOUR);

    // Deals of every stage, over two pipelines of Ann's; Bob's, in his workspace, are there to be left out.
    const sales = await newPipeline(ann, 'Sales');
    const other = await newPipeline(ann, 'Other');
    for (const stage of ['Discovery', 'Alpha']) await ann.post(`/api/pipelines/${other}/stages`, { name: stage });
    const annDeal = await newDeal(ann, sales, 'Acme', 'Lead', 100.5);
    await newDeal(ann, sales, 'No value', 'Lead', null);
    await newDeal(ann, sales, 'Contact', 'Contact Made', 200);
    await newDeal(ann, sales, 'Proposal', 'Proposal Sent', null);
    await newDeal(ann, sales, 'Nego', 'Negotiation', 1000.25);
    await newDeal(ann, sales, 'Won big', 'Won', 5000);
    await newDeal(ann, sales, 'Won empty', 'Won', null);
    await newDeal(ann, sales, 'Lost one', 'Lost', 700);
    await newDeal(ann, other, 'Other lead', 'Lead', 10);
    await newDeal(ann, other, 'Discover', 'Discovery', 20);
    await newDeal(ann, other, 'First', 'Alpha', 0.01);
    const bobPipeline = await newPipeline(bob, 'Bob');
    const bobDeal = await newDeal(bob, bobPipeline, 'Bob lead', 'Lead', 9999);
    await newDeal(bob, bobPipeline, 'Bob won', 'Won', 1);
    await newDeal(bob, bobPipeline, 'Bob lost', 'Lost', 3);

    for (const name of ['Ada', 'Grace', 'Linus']) await ann.post('/api/contacts', { name });
    await bob.post('/api/contacts', { name: 'Bob contact' });
    const launch = (await ann.post('/api/projects', { name: 'Launch', status: 'In Progress' })).json().id as string;
    await ann.post('/api/projects', { name: 'Idea' });
    await ann.post('/api/projects', { name: 'Shipped', status: 'Completed' });
    await bob.post('/api/projects', { name: 'Bob project', status: 'Planning' });

    const inAnns = { userId: ann.id, workspaceId: ann.id };
    const bobsInAnns = { userId: bob.id, workspaceId: ann.id };
    const bobsOwn = { userId: bob.id, workspaceId: bob.id };
    const [a1, a2, , a4, a5, a6, b1] = await db()
      .insert(tasks)
      .values([
        { ...inAnns, name: 'Today at ten', status: 'To Do', dueDate: at(10), projectId: launch },
        { ...inAnns, name: 'No date', status: 'In Progress' },
        { ...inAnns, name: 'Done today', status: 'Done', dueDate: at(11) },
        { ...inAnns, assignedUserId: ann.id, name: 'Yesterday, to myself', dueDate: at(-12) },
        { ...inAnns, assignedUserId: bob.id, name: 'Given to Bob', dueDate: at(24 * 3), dealId: annDeal },
        { ...inAnns, name: 'In ten days', dueDate: at(24 * 10) },
        { ...bobsInAnns, assignedUserId: ann.id, name: 'From Bob', status: 'In Progress', dueDate: at(15) },
        { ...bobsOwn, name: 'Bob alone', dealId: bobDeal },
        { ...bobsInAnns, assignedUserId: ann.id, name: 'From Bob, done', status: 'Done', dueDate: at(16) },
      ])
      .returning({ id: tasks.id });

    const activity = (userId: string, dealId: string, description: string, due: Date, extra = {}) => ({
      userId,
      workspaceId: userId,
      dealId,
      description,
      dueDate: due,
      activityType: 'call',
      ...extra,
    });
    const [call, , , bobCall] = await db()
      .insert(dealActivities)
      .values([
        activity(ann.id, annDeal, 'Call Acme', at(9), { priority: 'high' }),
        activity(ann.id, annDeal, 'Called already', at(9.5), { status: 'completed', completedAt: new Date() }),
        activity(ann.id, annDeal, 'Call tomorrow', at(24 + 9)),
        activity(bob.id, annDeal, 'Call for Bob', at(11), { workspaceId: ann.id, assignedUserId: ann.id }),
        activity(bob.id, bobDeal, 'Bob’s own call', at(11.5)),
      ])
      .returning({ id: dealActivities.id });
    const [visit] = await db()
      .insert(bookings)
      .values([
        booking(ann.id, at(12), 'Vera Visitor'),
        booking(ann.id, at(13), 'Cancelled Carl', 'Cancelled'),
        booking(ann.id, at(24 + 12), 'Tomorrow Tom'),
        booking(bob.id, at(14), 'Bob’s visitor'),
      ])
      .returning({ id: bookings.id });
    await db().insert(emailAccounts).values({ userId: ann.id, email: 'ann@example.com' });

    const dashboard = await dashboardOf(ann, tz);
    // Not Lost: 100.50 + 200 + 1000.25 + 5000 + 10 + 20 + 0.01.
    expect(dashboard.stats).toEqual({ totalDealValue: '6330.76', totalContacts: 3, activeProjects: 2, openTasks: 6 });
    expect(dashboard.schedule).toEqual([
      {
        kind: 'activity',
        id: call!.id,
        title: 'Call Acme',
        at: at(9).toISOString(),
        status: 'pending',
        priority: 'high',
        dealName: 'Acme',
        projectName: null,
      },
      {
        kind: 'task',
        id: a1!.id,
        title: 'Today at ten',
        at: at(10).toISOString(),
        status: 'To Do',
        priority: null,
        dealName: null,
        projectName: 'Launch',
      },
      {
        kind: 'activity',
        id: bobCall!.id,
        title: 'Call for Bob',
        at: at(11).toISOString(),
        status: 'pending',
        priority: 'medium',
        dealName: 'Acme',
        projectName: null,
      },
      {
        kind: 'booking',
        id: visit!.id,
        title: 'Vera Visitor',
        at: at(12).toISOString(),
        status: 'Scheduled',
        priority: null,
        dealName: null,
        projectName: null,
      },
      {
        kind: 'task',
        id: b1!.id,
        title: 'From Bob',
        at: at(15).toISOString(),
        status: 'In Progress',
        priority: null,
        dealName: null,
        projectName: null,
      },
    ]);
    expect(dashboard.recentTasks).toEqual([
      {
        id: a4!.id,
        name: 'Yesterday, to myself',
        dueDate: at(-12).toISOString(),
        status: 'To Do',
        projectName: null,
        dealName: null,
      },
      {
        id: a1!.id,
        name: 'Today at ten',
        dueDate: at(10).toISOString(),
        status: 'To Do',
        projectName: 'Launch',
        dealName: null,
      },
      {
        id: b1!.id,
        name: 'From Bob',
        dueDate: at(15).toISOString(),
        status: 'In Progress',
        projectName: null,
        dealName: null,
      },
      {
        id: a5!.id,
        name: 'Given to Bob',
        dueDate: at(72).toISOString(),
        status: 'To Do',
        projectName: null,
        dealName: 'Acme',
      },
    ]);
    expect(dashboard.emailAccounts).toBe(1);
    // The default pipeline's order (Sales, Ann's first), then the other stages by name; Won and Lost left out.
    expect(dashboard.pipelineOverview).toEqual([
      { stage: 'Lead', count: 3, value: '110.50' },
      { stage: 'Contact Made', count: 1, value: '200.00' },
      { stage: 'Proposal Sent', count: 1, value: '0.00' },
      { stage: 'Negotiation', count: 1, value: '1000.25' },
      { stage: 'Alpha', count: 1, value: '0.01' },
      { stage: 'Discovery', count: 1, value: '20.00' },
    ]);
    // Both Won deals were won just now; Bob's is his.
    expect(dashboard.revenue).toHaveLength(12);
    expect(dashboard.revenue!.at(-1)).toEqual({ month: revenueMonths(tz, new Date()).at(-1)!.month, value: '5000.00' });
    expect(dashboard.revenue!.slice(0, 11).every((m) => m.value === '0')).toBe(true);

    // No date comes last: the fifth and sixth open tasks are left out of the four.
    expect(dashboard.recentTasks!.map((task) => task.id)).not.toContain(a2!.id);
    expect(dashboard.recentTasks!.map((task) => task.id)).not.toContain(a6!.id);

    // Bob in his own workspace: none of what he owns or was assigned in Ann's.
    const bobs = await dashboardOf(bob, tz);
    expect(bobs.stats).toEqual({ totalDealValue: '10000.00', totalContacts: 1, activeProjects: 1, openTasks: 1 });
    expect(bobs.schedule!.map((item) => item.title)).toEqual(['Bob’s own call', 'Bob’s visitor']);
    expect(bobs.recentTasks!.map((task) => task.name)).toEqual(['Bob alone']);
    expect(bobs.emailAccounts).toBe(0);
    expect(bobs.pipelineOverview).toEqual([{ stage: 'Lead', count: 1, value: '9999.00' }]);
    expect(bobs.revenue!.at(-1)!.value).toBe('1.00');

    // Bob as the "own records" member of Ann's workspace: what he owns there and what another member assigned him
    // (his bookings stay his own, whatever the workspace).
    const bobInAnns = await getDashboard(db(), { workspaceId: ann.id, userId: bob.id, ownOnly: true }, tz, silent);
    expect(bobInAnns.stats).toEqual({ totalDealValue: '0', totalContacts: 0, activeProjects: 0, openTasks: 2 });
    expect(bobInAnns.schedule!.map((item) => item.title)).toEqual(['Call for Bob', 'Bob’s visitor', 'From Bob']);
    expect(bobInAnns.recentTasks!.map((task) => task.name)).toEqual(['From Bob', 'Given to Bob']);
    expect(bobInAnns.emailAccounts).toBe(0);
    expect(bobInAnns.pipelineOverview).toEqual([]);
    expect(bobInAnns.revenue!.every((m) => m.value === '0')).toBe(true);
  });

  it('answers a new user with zeros and empty lists', async () => {
    const newcomer = await signUp(t.app, 'new');
    const dashboard = await dashboardOf(newcomer);
    expect(dashboard).toMatchObject({
      stats: { totalDealValue: '0', totalContacts: 0, activeProjects: 0, openTasks: 0 },
      schedule: [],
      recentTasks: [],
      emailAccounts: 0,
      pipelineOverview: [],
    });
    expect(dashboard.revenue!.map((m) => m.value)).toEqual(Array(12).fill('0'));
  });
});
