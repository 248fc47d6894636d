import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealActivities, notifications, tasks } from '../../db/schema';
import { allOn, listOf, notificationsApi, unreadOf } from '../../test/notifications-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The bell's overdue reminders (decisions.md item 17): overdue tasks and deal activities turned into notifications
// once when the bell is read.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const { put, rowsOf } = notificationsApi(() => t);

describe('overdue reminders', () => {
  async function dealOf(user: UserClient) {
    const pipeline = (await user.post('/api/pipelines', { name: 'Sales' })).json();
    const deal = await user.post('/api/deals', { name: 'Acme renewal', pipelineId: pipeline.id, stage: 'Lead' });
    expect(deal.statusCode, deal.body).toBe(201);
    return { pipelineId: pipeline.id as string, dealId: deal.json().id as string };
  }

  // A row another user assigned is in the assignee's workspace (its owner a member there); the others in the owner's.
  const workspaceOf = ({ userId, assignedUserId }: { userId: string; assignedUserId?: string }) =>
    assignedUserId ?? userId;

  const addTask = async (values: {
    userId: string;
    name: string;
    dueDate: Date | null;
    assignedUserId?: string;
    status?: string;
  }) =>
    (
      await t.database.db
        .insert(tasks)
        .values({ ...values, workspaceId: workspaceOf(values) })
        .returning({ id: tasks.id })
    )[0]!.id;

  const addActivity = async (values: {
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
        workspaceId: workspaceOf(rest),
        activityType: 'call',
        status: done ? 'completed' : 'pending',
        completedAt: done ? new Date() : null,
      })
      .returning({ id: dealActivities.id });
    return row!.id;
  };

  it('notify once of each task and activity, owned or assigned, that fell due in the window unfinished', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const { pipelineId, dealId } = await dealOf(ann);
    const bobsDeal = await dealOf(bob);
    const own = await addTask({ userId: ann.id, name: 'Call back Acme', dueDate: hoursAgo(1) });
    const ownAndAssigned = await addTask({
      userId: ann.id,
      assignedUserId: ann.id,
      name: 'Send quote',
      dueDate: hoursAgo(23),
    });
    const assigned = await addTask({ userId: bob.id, assignedUserId: ann.id, name: 'Review', dueDate: hoursAgo(2) });
    await addTask({ userId: ann.id, name: 'Finished', dueDate: hoursAgo(1), status: 'Done' });
    await addTask({ userId: ann.id, name: 'Long ago', dueDate: hoursAgo(25) });
    await addTask({ userId: ann.id, name: 'Later', dueDate: new Date(Date.now() + HOUR) });
    await addTask({ userId: ann.id, name: 'Undated', dueDate: null });
    await addTask({ userId: bob.id, name: 'Bob’s own', dueDate: hoursAgo(1) });
    await addTask({ userId: bob.id, assignedUserId: bob.id, name: 'Bob’s assigned', dueDate: hoursAgo(1) });
    const activity = await addActivity({
      userId: ann.id,
      assignedUserId: ann.id,
      dealId,
      description: 'Follow-up call',
      dueDate: hoursAgo(3),
    });
    const assignedActivity = await addActivity({
      userId: bob.id,
      assignedUserId: ann.id,
      dealId,
      description: 'Demo for Bob’s client',
      dueDate: hoursAgo(4),
    });
    await addActivity({ userId: ann.id, dealId, description: 'Done call', dueDate: hoursAgo(1), done: true });
    await addActivity({ userId: ann.id, dealId, description: 'Old call', dueDate: hoursAgo(30) });
    await addActivity({ userId: ann.id, dealId, description: 'Next call', dueDate: new Date(Date.now() + HOUR) });
    await addActivity({ userId: bob.id, dealId: bobsDeal.dealId, description: 'Bob’s call', dueDate: hoursAgo(1) });

    // Read over and over, and at once: each is written once.
    await Promise.all([unreadOf(ann), listOf(ann), unreadOf(ann)]);
    expect(await unreadOf(ann)).toMatchObject({ count: 5, hasMore: false });
    const items = (await listOf(ann)).items;
    expect(items).toHaveLength(5);
    const bySource = new Map((await rowsOf(ann.id)).map((row) => [row.sourceId, row]));
    expect(bySource.size).toBe(5);
    expect(bySource.get(own)).toMatchObject({
      kind: 'task_overdue',
      title: 'Task overdue: Call back Acme',
      body: expect.stringMatching(/^Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      link: `/app/tasks?task=${own}`,
      readAt: null,
    });
    expect(bySource.get(ownAndAssigned)).toMatchObject({ kind: 'task_overdue', title: 'Task overdue: Send quote' });
    expect(bySource.get(assigned)).toMatchObject({ kind: 'task_overdue', link: `/app/tasks?task=${assigned}` });
    expect(bySource.get(activity)).toMatchObject({
      kind: 'activity_overdue',
      title: 'Activity overdue: Follow-up call',
      body: expect.stringMatching(/^Acme renewal · Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
    });
    expect(bySource.get(assignedActivity)).toMatchObject({
      kind: 'activity_overdue',
      link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
    });

    // Read, it is not made again; marked read, it is not made unread again.
    await ann.post('/api/notifications/read-all');
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    expect(await rowsOf(ann.id)).toHaveLength(5);

    // Bob, working in his own workspace, is told of his own there; not of Ann's, nor of what he gave Ann (in hers).
    expect(await unreadOf(bob)).toMatchObject({ count: 3 });
    expect((await rowsOf(bob.id)).map((row) => row.title).sort()).toEqual([
      'Activity overdue: Bob’s call',
      'Task overdue: Bob’s assigned',
      'Task overdue: Bob’s own',
    ]);
  });

  it('cut a long name to a sane title', async () => {
    const ann = await signUp(t.app, 'ann');
    await addTask({ userId: ann.id, name: '😀'.repeat(300), dueDate: hoursAgo(1) });
    const { newest } = await unreadOf(ann);
    expect([...newest!.title]).toHaveLength(200);
    expect(newest!.title.endsWith('😀…')).toBe(true);
  });

  it('are not made while the user has them turned off', async () => {
    const ann = await signUp(t.app, 'ann');
    const { dealId } = await dealOf(ann);
    await addTask({ userId: ann.id, name: 'Quiet task', dueDate: hoursAgo(1) });
    await addActivity({ userId: ann.id, dealId, description: 'Quiet call', dueDate: hoursAgo(1) });
    await put(ann, '/api/notifications/settings', { ...allOn, overdue: false });
    expect(await unreadOf(ann)).toEqual({ count: 0, hasMore: false, newest: null });
    expect((await listOf(ann)).items).toEqual([]);
    expect(await rowsOf(ann.id)).toEqual([]);
    await put(ann, '/api/notifications/settings', allOn);
    expect(await unreadOf(ann)).toMatchObject({ count: 2 });
    const kinds = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, ann.id)));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['activity_overdue', 'task_overdue']);
  });
});
