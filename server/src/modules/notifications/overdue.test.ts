import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealActivities, notifications, tasks } from '../../db/schema';
import { allOn, listOf, notificationsApi, unreadOf } from '../../test/notifications-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { join, joined } from '../../test/workspace-kit';
import { addOverdueNotifications } from './overdue';

// The overdue reminders (decisions.md item 17): overdue tasks and deal activities turned into notifications once, by
// the job's function for every user at once (the job itself: overdue-jobs.test.ts). The bell only reads them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const { put } = notificationsApi(() => t);

/** The user's overdue reminders as stored, other kinds (an assignment's) left out. */
const remindersOf = (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.kind, ['task_overdue', 'activity_overdue'])));
const titlesOf = async (userId: string) => (await remindersOf(userId)).map((row) => row.title).sort();

async function dealOf(user: UserClient) {
  const pipeline = (await user.post('/api/pipelines', { name: 'Sales' })).json();
  const deal = await user.post('/api/deals', { name: 'Acme renewal', pipelineId: pipeline.id, stage: 'Lead' });
  expect(deal.statusCode, deal.body).toBe(201);
  return { pipelineId: pipeline.id as string, dealId: deal.json().id as string };
}

// Rows written straight to the tables, each in the workspace named (a signed-up user's first one has their id).
const addTask = async (values: {
  workspaceId: string;
  userId: string;
  name: string;
  dueDate: Date | null;
  assignedUserId?: string;
  status?: string;
}) => (await t.database.db.insert(tasks).values(values).returning({ id: tasks.id }))[0]!.id;

const addActivity = async (values: {
  workspaceId: string;
  userId: string;
  dealId: string;
  description: string;
  dueDate: Date;
  assignedUserId?: string;
  done?: boolean;
}) => {
  const { done, ...rest } = values;
  const [row] = await t.database.db
    .insert(dealActivities)
    .values({
      ...rest,
      activityType: 'call',
      status: done ? 'completed' : 'pending',
      completedAt: done ? new Date() : null,
    })
    .returning({ id: dealActivities.id });
  return row!.id;
};

describe('overdue reminders', () => {
  it('are made once for each owner and assignee of a task or activity that fell due in the window unfinished', async () => {
    const ann = await signUp(t.app, 'ann');
    const cleo = await joined(t.app, ann, 'cleo', 'member');
    const bob = await signUp(t.app, 'bob');
    const { pipelineId, dealId } = await dealOf(ann);
    const bobsDeal = await dealOf(bob);
    const inAnns = { workspaceId: ann.id };
    const own = await addTask({ ...inAnns, userId: ann.id, name: 'Call back Acme', dueDate: hoursAgo(1) });
    const ownAndAssigned = await addTask({
      ...inAnns,
      userId: ann.id,
      assignedUserId: ann.id,
      name: 'Send quote',
      dueDate: hoursAgo(23),
    });
    const toCleo = await addTask({
      ...inAnns,
      userId: ann.id,
      assignedUserId: cleo.id,
      name: 'Review',
      dueDate: hoursAgo(2),
    });
    await addTask({ ...inAnns, userId: ann.id, name: 'Finished', dueDate: hoursAgo(1), status: 'Done' });
    await addTask({ ...inAnns, userId: ann.id, name: 'Long ago', dueDate: hoursAgo(25) });
    await addTask({ ...inAnns, userId: ann.id, name: 'Later', dueDate: new Date(Date.now() + HOUR) });
    await addTask({ ...inAnns, userId: ann.id, name: 'Undated', dueDate: null });
    const activity = await addActivity({
      ...inAnns,
      userId: ann.id,
      assignedUserId: ann.id,
      dealId,
      description: 'Follow-up call',
      dueDate: hoursAgo(3),
    });
    const fromCleo = await addActivity({
      ...inAnns,
      userId: cleo.id,
      assignedUserId: ann.id,
      dealId,
      description: 'Demo for Cleo’s client',
      dueDate: hoursAgo(4),
    });
    await addActivity({
      ...inAnns,
      userId: ann.id,
      dealId,
      description: 'Done call',
      dueDate: hoursAgo(1),
      done: true,
    });
    await addActivity({ ...inAnns, userId: ann.id, dealId, description: 'Old call', dueDate: hoursAgo(30) });
    const next = new Date(Date.now() + HOUR);
    await addActivity({ ...inAnns, userId: ann.id, dealId, description: 'Next call', dueDate: next });
    const inBobs = { workspaceId: bob.id, userId: bob.id };
    await addTask({ ...inBobs, name: 'Bob’s own', dueDate: hoursAgo(1) });
    await addActivity({ ...inBobs, dealId: bobsDeal.dealId, description: 'Bob’s call', dueDate: hoursAgo(1) });

    // Reading the bell makes none: the job does.
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    expect(await remindersOf(ann.id)).toEqual([]);

    // One run for everyone; runs after it, and at once, add nothing.
    expect(await addOverdueNotifications(t.database.db)).toBeGreaterThanOrEqual(9);
    await Promise.all([addOverdueNotifications(t.database.db), addOverdueNotifications(t.database.db)]);
    expect(await addOverdueNotifications(t.database.db)).toBe(0);

    const bySource = new Map((await remindersOf(ann.id)).map((row) => [row.sourceId, row]));
    expect(bySource.size).toBe(5);
    expect(bySource.get(own)).toMatchObject({
      kind: 'task_overdue',
      title: 'Task overdue: Call back Acme',
      body: expect.stringMatching(/^Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      link: `/app/tasks?task=${own}`,
      readAt: null,
    });
    expect(bySource.get(ownAndAssigned)).toMatchObject({ kind: 'task_overdue', title: 'Task overdue: Send quote' });
    expect(bySource.get(toCleo)).toMatchObject({ kind: 'task_overdue', link: `/app/tasks?task=${toCleo}` });
    expect(bySource.get(activity)).toMatchObject({
      kind: 'activity_overdue',
      title: 'Activity overdue: Follow-up call',
      body: expect.stringMatching(/^Acme renewal · Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
    });
    expect(bySource.get(fromCleo)).toMatchObject({
      kind: 'activity_overdue',
      link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
    });

    // The bell reads them; read, they are not made unread again.
    expect(await unreadOf(ann)).toMatchObject({ count: 5, hasMore: false });
    expect((await listOf(ann)).items).toHaveLength(5);
    await ann.post('/api/notifications/read-all');
    await addOverdueNotifications(t.database.db);
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });

    // Cleo is told of what she was given and of what she gave; Bob, in his own workspace, of his own there only.
    expect(await titlesOf(cleo.id)).toEqual(['Activity overdue: Demo for Cleo’s client', 'Task overdue: Review']);
    expect(await titlesOf(bob.id)).toEqual(['Activity overdue: Bob’s call', 'Task overdue: Bob’s own']);

    // An item coming due later is reminded by the run after it.
    await addOverdueNotifications(t.database.db, new Date(next.getTime() + 60_000));
    expect(await titlesOf(ann.id)).toContain('Activity overdue: Next call');
  });

  it('remind a member of several workspaces of their current one’s rows, as the bell’s links open there', async () => {
    const ann = await signUp(t.app, 'ann');
    const dave = await signUp(t.app, 'dave');
    await addTask({ workspaceId: dave.id, userId: dave.id, name: 'Dave’s own', dueDate: hoursAgo(2) });
    await join(ann, dave, 'member');
    await addTask({
      workspaceId: ann.id,
      userId: ann.id,
      assignedUserId: dave.id,
      name: 'For Dave',
      dueDate: hoursAgo(1),
    });

    await addOverdueNotifications(t.database.db);
    expect(await titlesOf(dave.id)).toEqual(['Task overdue: For Dave']);

    // Back in his own workspace, he is reminded of its rows still in the window.
    const back = await dave.post('/api/workspaces/current', { workspaceId: dave.id });
    expect(back.statusCode, back.body).toBe(200);
    await addOverdueNotifications(t.database.db);
    expect(await titlesOf(dave.id)).toEqual(['Task overdue: Dave’s own', 'Task overdue: For Dave']);
  });

  it('cut a long name to a sane title', async () => {
    const ann = await signUp(t.app, 'ann');
    await addTask({ workspaceId: ann.id, userId: ann.id, name: '😀'.repeat(300), dueDate: hoursAgo(1) });
    await addOverdueNotifications(t.database.db);
    const { newest } = await unreadOf(ann);
    expect([...newest!.title]).toHaveLength(200);
    expect(newest!.title.endsWith('😀…')).toBe(true);
  });

  it('are not made while the user has them turned off, and are once turned on again within the window', async () => {
    const ann = await signUp(t.app, 'ann');
    const { dealId } = await dealOf(ann);
    await addTask({ workspaceId: ann.id, userId: ann.id, name: 'Quiet task', dueDate: hoursAgo(1) });
    await addActivity({ workspaceId: ann.id, userId: ann.id, dealId, description: 'Quiet call', dueDate: hoursAgo(1) });
    await put(ann, '/api/notifications/settings', { ...allOn, overdue: false });
    await addOverdueNotifications(t.database.db);
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    expect(await remindersOf(ann.id)).toEqual([]);
    await put(ann, '/api/notifications/settings', allOn);
    await addOverdueNotifications(t.database.db);
    expect(await unreadOf(ann)).toMatchObject({ count: 2 });
    expect((await remindersOf(ann.id)).map((row) => row.kind).sort()).toEqual(['activity_overdue', 'task_overdue']);
  });
});
