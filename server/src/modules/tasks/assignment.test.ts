import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, type Activity } from '@common/activities';
import type { Notification } from '@common/notifications';
import { taskMessages, type Task } from '@common/tasks';
import { dealActivities, notifications, tasks } from '../../db/schema';
import { allOn } from '../../test/notifications-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// Issue 29, assignment: a task or a deal activity assigned to a member of the workspace, who sees it under "own
// records" and is told by the bell; an assignee from outside the workspace is refused.

let t: TestApp;
let ann: UserClient;
let cleo: UserClient;
let outsider: UserClient;
let dealId: string;
let pipelineId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  cleo = await joined(t.app, ann, 'cleo', 'member');
  outsider = await signUp(t.app, 'olga');
  expect((await ann.patch(`/api/workspace/members/${cleo.id}`, { visibility: 'own' })).statusCode).toBe(200);
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
  dealId = (await ann.post('/api/deals', { name: 'Acme renewal', pipelineId, stage: 'Lead' })).json().id;
});
afterAll(() => t.close());

const put = (user: UserClient, url: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: body as object, headers: { cookie: user.cookie } });

const assignedOf = async (kind: Notification['kind'], user: UserClient) =>
  (await user.get('/api/notifications')).json<{ items: Notification[] }>().items.filter((n) => n.kind === kind);

const storedTask = async (id: string) => (await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

describe('task assignment', () => {
  it('assigns a colleague, who sees the task under "own records" and is notified once', async () => {
    const created = await ann.post('/api/tasks', { name: 'Send the quote', assignedUserId: cleo.id });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json<Task>();
    expect(task).toMatchObject({ assignedUserId: cleo.id, assigneeName: 'cleo', isOwn: true });
    expect((await storedTask(task.id)).assignedUserId).toBe(cleo.id);

    const seen = await cleo.get(`/api/tasks/${task.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id: task.id, isOwn: false, assigneeName: 'cleo' });
    const list = (await cleo.get('/api/tasks')).json<{ items: Task[] }>().items;
    expect(list.map((item) => item.id)).toContain(task.id);

    // Saving the task again, with or without the assignee, notifies no one again.
    expect((await put(ann, `/api/tasks/${task.id}`, { name: 'Send the quote today' })).statusCode).toBe(200);
    expect((await put(ann, `/api/tasks/${task.id}`, { name: 'Send it', assignedUserId: cleo.id })).statusCode).toBe(
      200,
    );
    expect((await storedTask(task.id)).assignedUserId).toBe(cleo.id);
    const bell = await assignedOf('task_assigned', cleo);
    expect(bell).toEqual([
      expect.objectContaining({
        title: 'Task assigned: Send the quote',
        link: `/app/tasks?task=${task.id}`,
        readAt: null,
      }),
    ]);
    // Assigning oneself tells no one.
    expect(await assignedOf('task_assigned', ann)).toEqual([]);
  });

  it('notifies on a change of assignee, and not the member who assigned themselves', async () => {
    const task = (await ann.post('/api/tasks', { name: 'Book the venue' })).json<Task>();
    expect(task).toMatchObject({ assignedUserId: null, assigneeName: null });
    expect((await assignedOf('task_assigned', cleo)).map((n) => n.title)).not.toContain(
      'Task assigned: Book the venue',
    );
    const changed = await put(ann, `/api/tasks/${task.id}`, { name: 'Book the venue', assignedUserId: cleo.id });
    expect(changed.json()).toMatchObject({ assignedUserId: cleo.id, assigneeName: 'cleo' });
    expect((await assignedOf('task_assigned', cleo)).map((n) => n.title)).toContain('Task assigned: Book the venue');

    const own = (await cleo.post('/api/tasks', { name: 'Own chore', assignedUserId: cleo.id })).json<Task>();
    expect(own.assignedUserId).toBe(cleo.id);
    expect((await assignedOf('task_assigned', cleo)).map((n) => n.title)).not.toContain('Task assigned: Own chore');
  });

  it('unassigns with null; the colleague on "own records" no longer sees it', async () => {
    const task = (await ann.post('/api/tasks', { name: 'Renew the lease', assignedUserId: cleo.id })).json<Task>();
    const res = await put(ann, `/api/tasks/${task.id}`, { name: 'Renew the lease', assignedUserId: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assignedUserId: null, assigneeName: null });
    expect((await storedTask(task.id)).assignedUserId).toBeNull();
    expect((await cleo.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('lets a colleague on "own records" hand a task assigned to them on, answered though they no longer see it', async () => {
    const task = (await ann.post('/api/tasks', { name: 'Book the venue', assignedUserId: cleo.id })).json<Task>();
    const res = await put(cleo, `/api/tasks/${task.id}`, { name: 'Book the venue', assignedUserId: ann.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, assignedUserId: ann.id, isOwn: false });
    expect((await storedTask(task.id)).assignedUserId).toBe(ann.id);
    expect((await cleo.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('refuses an assignee outside the workspace with 400 and changes nothing', async () => {
    const error = { error: taskMessages.assigneeNotMember, fields: { assignedUserId: taskMessages.assigneeNotMember } };
    const before = await ann.post('/api/tasks', { name: 'Outside', assignedUserId: outsider.id });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual(error);
    const unknown = await ann.post('/api/tasks', { name: 'Outside', assignedUserId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect((await ann.post('/api/tasks', { name: 'Outside', assignedUserId: 'cleo' })).statusCode).toBe(400);

    const task = (await ann.post('/api/tasks', { name: 'Inside', assignedUserId: cleo.id })).json<Task>();
    const res = await put(ann, `/api/tasks/${task.id}`, { name: 'Renamed', assignedUserId: outsider.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error);
    expect(await storedTask(task.id)).toMatchObject({ name: 'Inside', assignedUserId: cleo.id });
    const outsiders = await t.database.db.select().from(notifications).where(eq(notifications.userId, outsider.id));
    expect(outsiders).toEqual([]);
  });

  it('writes no notification when the assignee turned assignments off', async () => {
    expect((await put(cleo, '/api/notifications/settings', { ...allOn, assignments: false })).statusCode).toBe(200);
    const task = (await ann.post('/api/tasks', { name: 'Quiet one', assignedUserId: cleo.id })).json<Task>();
    expect(task.assignedUserId).toBe(cleo.id);
    expect((await assignedOf('task_assigned', cleo)).map((n) => n.title)).not.toContain('Task assigned: Quiet one');
    expect((await put(cleo, '/api/notifications/settings', allOn)).statusCode).toBe(200);
  });
});

describe('activity assignment', () => {
  const activity = (extra: object) => ({
    activityType: 'call',
    description: 'Call the buyer',
    dueDate: '2030-01-02T09:30:00.000Z',
    ...extra,
  });
  const url = () => `/api/deals/${dealId}/activities`;
  const storedActivity = async (id: string) =>
    (await t.database.db.select().from(dealActivities).where(eq(dealActivities.id, id)))[0]!;

  it('is the creator when left out, with no notification', async () => {
    const res = await ann.post(url(), activity({ description: 'Mine' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ assignedUserId: ann.id, assignedUserName: 'ann' });
    expect(await assignedOf('activity_assigned', ann)).toEqual([]);
  });

  it('assigns a colleague, who is notified once with a link to the deal', async () => {
    const res = await ann.post(url(), activity({ description: 'Call Acme back', assignedUserId: cleo.id }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Activity>();
    expect(created).toMatchObject({ assignedUserId: cleo.id, assignedUserName: 'cleo' });
    expect((await storedActivity(created.id)).assignedUserId).toBe(cleo.id);
    expect(await assignedOf('activity_assigned', cleo)).toEqual([
      expect.objectContaining({
        title: 'Activity assigned: Call Acme back',
        body: 'Acme renewal',
        link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
      }),
    ]);
  });

  it('is unassigned with null', async () => {
    const res = await ann.post(url(), activity({ description: 'Anyone', assignedUserId: null }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ assignedUserId: null, assignedUserName: null });
    expect((await storedActivity(res.json().id)).assignedUserId).toBeNull();
  });

  it('refuses an assignee outside the workspace with 400 and stores nothing', async () => {
    const res = await ann.post(url(), activity({ description: 'Outsider call', assignedUserId: outsider.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: activityMessages.assigneeNotMember,
      fields: { assignedUserId: activityMessages.assigneeNotMember },
    });
    const rows = await t.database.db
      .select()
      .from(dealActivities)
      .where(and(eq(dealActivities.dealId, dealId), eq(dealActivities.description, 'Outsider call')));
    expect(rows).toEqual([]);
    const outsiders = await t.database.db.select().from(notifications).where(eq(notifications.userId, outsider.id));
    expect(outsiders).toEqual([]);
  });
});
