import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@common/dashboard';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { bookings, dealActivities, deals, emailAccounts, tasks } from '../../db/schema';
import { buildTestApp, openTestDatabase, signUp, testConfig, type TestApp, type UserClient } from '../../test/test-app';
import { dueRange } from '../tasks/filters';
import { getDashboard, readWidget, revenueMonths } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const silent = { error: () => undefined };
const HOUR = 3_600_000;
const db = () => t.database.db;

async function dashboardOf(user: UserClient, tz = 'UTC'): Promise<Dashboard> {
  const res = await user.get(`/api/dashboard?tz=${encodeURIComponent(tz)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newPipeline(user: UserClient, name: string): Promise<string> {
  const res = await user.post('/api/pipelines', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function newDeal(user: UserClient, pipelineId: string, name: string, stage: string, value: number | null) {
  const res = await user.post('/api/deals', { name, pipelineId, stage, value });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const booking = (userId: string, start: Date, bookerName: string, status = 'Scheduled') => ({
  userId,
  scheduledStartTime: start,
  scheduledEndTime: new Date(start.getTime() + HOUR / 2),
  bookerName,
  bookerEmail: 'booker@example.com',
  status,
});

describe('dashboard', () => {
  it('answers every widget with the user’s own figures and nothing of another user’s', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const tz = 'America/New_York';
    const today = dueRange('today', tz);
    const at = (hours: number) => new Date(today.from.getTime() + hours * HOUR);

    // Deals of every stage, over two pipelines of Ann's; Bob's are there to be left out.
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

    const [a1, a2, , a4, a5, a6, b1] = await db()
      .insert(tasks)
      .values([
        { userId: ann.id, name: 'Today at ten', status: 'To Do', dueDate: at(10), projectId: launch },
        { userId: ann.id, name: 'No date', status: 'In Progress' },
        { userId: ann.id, name: 'Done today', status: 'Done', dueDate: at(11) },
        { userId: ann.id, assignedUserId: ann.id, name: 'Yesterday, to myself', dueDate: at(-12) },
        { userId: ann.id, assignedUserId: bob.id, name: 'Given to Bob', dueDate: at(24 * 3), dealId: annDeal },
        { userId: ann.id, name: 'In ten days', dueDate: at(24 * 10) },
        { userId: bob.id, assignedUserId: ann.id, name: 'From Bob', status: 'In Progress', dueDate: at(15) },
        { userId: bob.id, name: 'Bob alone', dealId: bobDeal },
        { userId: bob.id, assignedUserId: ann.id, name: 'From Bob, done', status: 'Done', dueDate: at(16) },
      ])
      .returning({ id: tasks.id });

    const activity = (userId: string, dealId: string, description: string, due: Date, extra = {}) => ({
      userId,
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
        activity(bob.id, bobDeal, 'Call for Bob', at(11), { assignedUserId: ann.id }),
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
        dealName: 'Bob lead',
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

    const bobs = await dashboardOf(bob, tz);
    expect(bobs.stats).toEqual({ totalDealValue: '10000.00', totalContacts: 1, activeProjects: 1, openTasks: 3 });
    expect(bobs.schedule!.map((item) => item.title)).toEqual([
      'Call for Bob',
      'Bob’s own call',
      'Bob’s visitor',
      'From Bob',
    ]);
    expect(bobs.recentTasks!.map((task) => task.name)).toEqual(['From Bob', 'Given to Bob', 'Bob alone']);
    expect(bobs.emailAccounts).toBe(0);
    expect(bobs.pipelineOverview).toEqual([{ stage: 'Lead', count: 1, value: '9999.00' }]);
    expect(bobs.revenue!.at(-1)!.value).toBe('1.00');
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

  it('reads “today” in the browser’s time zone: 23:30 in New York is tomorrow in UTC', async () => {
    const user = await signUp(t.app, 'tz');
    // 16:00 on 15 June 2030 in New York (EDT, UTC−4), 20:00 in UTC.
    const now = new Date('2030-06-15T20:00:00Z');
    await db()
      .insert(tasks)
      .values([
        { userId: user.id, name: 'Late evening', dueDate: new Date('2030-06-16T03:30:00Z') },
        { userId: user.id, name: 'Early morning', dueDate: new Date('2030-06-15T04:30:00Z') },
        { userId: user.id, name: 'Last night', dueDate: new Date('2030-06-15T02:00:00Z') },
      ]);
    const titles = async (tz: string) =>
      (await getDashboard(db(), user.id, tz, silent, now)).schedule!.map((item) => item.title);
    expect(await titles('America/New_York')).toEqual(['Early morning', 'Late evening']);
    expect(await titles('UTC')).toEqual(['Last night', 'Early morning']);
  });

  it('charts Won deals by the month they were won in the user’s time zone, else by their expected close date', async () => {
    const ann = await signUp(t.app, 'revenue');
    const bob = await signUp(t.app, 'other');
    const pipeline = await newPipeline(ann, 'Sales');
    const bobPipeline = await newPipeline(bob, 'Sales');
    // 08:00 on 16 June 2030 in Auckland (NZST, UTC+12): the months are July 2029 to June 2030.
    const now = new Date('2030-06-15T20:00:00Z');
    const tz = 'Pacific/Auckland';
    const won = async (value: number | null, wonAt: string | null, expectedCloseDate: string | null, user = ann) => {
      const id = await newDeal(user, user === ann ? pipeline : bobPipeline, 'Won deal', 'Won', value);
      await db()
        .update(deals)
        .set({ wonAt: wonAt === null ? null : new Date(wonAt), expectedCloseDate })
        .where(sql`${deals.id} = ${id}`);
    };
    await won(100.1, '2030-05-31T13:00:00Z', null); // 1 June, 01:00 in Auckland: June, not May
    await won(0.2, '2030-06-15T19:00:00Z', '2029-01-01'); // won_at wins over the expected date
    await won(5, '2029-06-30T12:00:00Z', null); // 1 July 2029, 00:00 in Auckland: the oldest month
    await won(7, '2029-06-30T11:59:59Z', null); // 30 June 2029, 23:59:59: before the chart
    await won(9, '2030-06-30T12:00:00Z', null); // 1 July 2030 in Auckland: after it
    await won(30, null, '2030-01-15'); // won before won_at existed: its expected close date
    await won(40, null, '2029-07-01');
    await won(50, null, '2029-06-30');
    await won(60, null, '2030-07-01');
    await won(70, null, null);
    await won(null, '2030-03-10T00:00:00Z', null);
    await won(1000, '2030-03-10T00:00:00Z', null, bob);
    const lead = await newDeal(ann, pipeline, 'Lead', 'Lead', 80);
    await db()
      .update(deals)
      .set({ wonAt: new Date('2030-03-10T00:00:00Z') })
      .where(sql`${deals.id} = ${lead}`);

    const { revenue } = await getDashboard(db(), ann.id, tz, silent, now);
    expect(revenue).toEqual([
      { month: '2029-07', value: '45.00' },
      { month: '2029-08', value: '0' },
      { month: '2029-09', value: '0' },
      { month: '2029-10', value: '0' },
      { month: '2029-11', value: '0' },
      { month: '2029-12', value: '0' },
      { month: '2030-01', value: '30.00' },
      { month: '2030-02', value: '0' },
      { month: '2030-03', value: '0' },
      { month: '2030-04', value: '0' },
      { month: '2030-05', value: '0' },
      { month: '2030-06', value: '100.30' },
    ]);
    // In UTC the first deal falls in May, the 1 July 2029 one in June 2029 (before the chart) and the 1 July 2030 one
    // in June 2030.
    const utc = (await getDashboard(db(), ann.id, 'UTC', silent, now)).revenue!;
    expect(utc.map((m) => m.month)).toEqual(revenueMonths('UTC', now).map((m) => m.month));
    expect(utc.find((m) => m.month === '2030-05')!.value).toBe('100.10');
    expect(utc.find((m) => m.month === '2029-07')!.value).toBe('40.00');
    expect(utc.find((m) => m.month === '2030-06')!.value).toBe('9.20');
  });

  it('refuses an unknown time zone and a caller without a session', async () => {
    const user = await signUp(t.app, 'bad');
    const res = await user.get('/api/dashboard?tz=Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Unknown time zone' });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('a widget that fails', () => {
  // An app of its own, logging errors to `lines`, on a database whose tables this test changes.
  const lines: string[] = [];
  let own: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig,
      database,
      webDir: null,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    own = { app, database };
  }, 120_000);
  afterAll(async () => {
    await own?.app.close();
    await own?.database.close();
  });

  it('is logged with its error and answers null, and the others still answer', async () => {
    const user = await signUp(own.app, 'broken');
    await user.post('/api/contacts', { name: 'Still counted' });
    // A real failure of one widget's query: its table is gone for the moment.
    await own.database.db.execute(sql`alter table email_accounts rename to email_accounts_away`);
    const res = await user.get('/api/dashboard');
    await own.database.db.execute(sql`alter table email_accounts_away rename to email_accounts`);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard: Dashboard = res.json();
    expect(dashboard.emailAccounts).toBeNull();
    expect(dashboard.stats).toMatchObject({ totalContacts: 1 });
    expect(dashboard.schedule).toEqual([]);
    expect(dashboard.recentTasks).toEqual([]);
    expect(dashboard.pipelineOverview).toEqual([]);
    expect(dashboard.revenue).toHaveLength(12);
    const logged = lines
      .map((line) => JSON.parse(line) as { widget?: string; msg: string; err: unknown })
      .find((entry) => entry.widget === 'emailAccounts');
    expect(logged).toMatchObject({ msg: 'dashboard widget failed' });
    expect(JSON.stringify(logged?.err)).toMatch(/email_accounts/);
  });

  it('is guarded on its own: the guard logs and answers null, and passes a success through', async () => {
    const logged: object[] = [];
    const log = { error: (details: object) => logged.push(details) };
    const error = new Error('boom');
    expect(await readWidget(log, 'stats', () => Promise.reject(error))).toBeNull();
    expect(logged).toEqual([{ err: error, widget: 'stats' }]);
    expect(await readWidget(log, 'stats', async () => 42)).toBe(42);
    expect(logged).toHaveLength(1);
  });
});
