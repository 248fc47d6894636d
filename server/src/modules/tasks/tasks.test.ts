import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskMessages, type Task, type TaskInput } from '@common/tasks';
import { tasks } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
let annProject: string;
let annDeal: string;
let annCategory: string;
let bobProject: string;
let bobDeal: string;
let bobCategory: string;

async function linksOf(user: UserClient, label: string) {
  const project = (await user.post('/api/projects', { name: `${label} project` })).json().id as string;
  const pipelineId = (await user.post('/api/pipelines', { name: `${label} sales` })).json().id as string;
  const deal = (await user.post('/api/deals', { name: `${label} deal`, pipelineId, stage: 'Lead' })).json()
    .id as string;
  const category = (await user.post('/api/task-categories', { name: `${label} calls`, color: '#FF0000' })).json()
    .id as string;
  return { project, deal, category };
}

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  ({ project: annProject, deal: annDeal, category: annCategory } = await linksOf(ann, 'Ann'));
  ({ project: bobProject, deal: bobDeal, category: bobCategory } = await linksOf(bob, 'Bob'));
});
afterAll(() => t.close());

const put = (user: UserClient, url: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: body as object, headers: { cookie: user.cookie } });

const rowOf = async (id: string) => (await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0];

async function createTask(user: UserClient, input: Partial<TaskInput> = {}): Promise<Task> {
  const res = await user.post('/api/tasks', { name: 'Call the client', ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Task>();
}

describe('tasks', () => {
  it('creates a task with a trimmed name, null empties and the defaults', async () => {
    const task = await createTask(ann, { name: '  Call the client ', description: '  ', dueDate: null });
    expect(task).toMatchObject({
      name: 'Call the client',
      description: null,
      status: 'To Do',
      dueDate: null,
      isMilestone: false,
      category: null,
      projectId: null,
      projectName: null,
      dealId: null,
      dealName: null,
      isOwn: true,
    });
    expect(await rowOf(task.id)).toMatchObject({
      userId: ann.id,
      assignedUserId: null,
      name: 'Call the client',
      description: null,
      dueDate: null,
      status: 'To Do',
    });
    expect((await ann.get(`/api/tasks/${task.id}`)).json()).toEqual(task);
  });

  it('stores the due date as an instant and answers the links’ names and the category', async () => {
    const task = await createTask(ann, {
      description: ' Agenda ',
      dueDate: '2030-01-01T10:30:00+05:30',
      isMilestone: true,
      status: 'In Progress',
      projectId: annProject,
      categoryId: annCategory,
    });
    expect(task).toMatchObject({
      description: 'Agenda',
      dueDate: '2030-01-01T05:00:00.000Z',
      isMilestone: true,
      status: 'In Progress',
      projectId: annProject,
      projectName: 'Ann project',
      category: { id: annCategory, name: 'Ann calls', color: '#FF0000' },
    });
    expect((await rowOf(task.id))!.dueDate!.toISOString()).toBe('2030-01-01T05:00:00.000Z');
    const withDeal = await createTask(ann, { dealId: annDeal });
    expect(withDeal).toMatchObject({ dealId: annDeal, dealName: 'Ann deal', projectId: null });
  });

  it('refuses a blank name, an unknown status and a bad due date with the field’s message', async () => {
    const blank = await ann.post('/api/tasks', { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: taskMessages.nameRequired, fields: { name: taskMessages.nameRequired } });
    const status = await ann.post('/api/tasks', { name: 'X', status: 'Blocked' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields.status).toBe(taskMessages.statusInvalid);
    for (const dueDate of ['2030-01-01', '2030-02-30T10:00:00Z', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00+05:00']) {
      const res = await ann.post('/api/tasks', { name: 'X', dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().fields.dueDate, dueDate).toBe(taskMessages.dueDateInvalid);
    }
    const before = (await t.database.db.select().from(tasks).where(eq(tasks.userId, ann.id))).length;
    const both = await ann.post('/api/tasks', { name: 'X', projectId: annProject, dealId: annDeal });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      error: taskMessages.projectAndDeal,
      fields: { dealId: taskMessages.projectAndDeal },
    });
    expect((await t.database.db.select().from(tasks).where(eq(tasks.userId, ann.id))).length).toBe(before);
  });

  it('refuses another user’s project, deal or category as a link with the field’s message', async () => {
    const cases = [
      [{ projectId: bobProject }, 'projectId', taskMessages.projectNotFound],
      [{ dealId: bobDeal }, 'dealId', taskMessages.dealNotFound],
      [{ categoryId: bobCategory }, 'categoryId', taskMessages.categoryNotFound],
      [{ projectId: '00000000-0000-0000-0000-000000000000' }, 'projectId', taskMessages.projectNotFound],
      [{ categoryId: 'not-a-uuid' }, 'categoryId', taskMessages.categoryNotFound],
    ] as const;
    for (const [link, field, message] of cases) {
      const res = await ann.post('/api/tasks', { name: 'Linked', ...link });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ error: message, fields: { [field]: message } });
    }
    const both = await ann.post('/api/tasks', { name: 'Linked', dealId: bobDeal, categoryId: bobCategory });
    expect(both.json().fields).toEqual({
      dealId: taskMessages.dealNotFound,
      categoryId: taskMessages.categoryNotFound,
    });
    const task = await createTask(ann, { projectId: annProject });
    const edit = await put(ann, `/api/tasks/${task.id}`, { name: 'Moved', projectId: bobProject });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ projectId: taskMessages.projectNotFound });
    expect(await rowOf(task.id)).toMatchObject({ name: 'Call the client', projectId: annProject });
  });

  it('replaces a task with PUT and moves it with PATCH …/status', async () => {
    const task = await createTask(ann, { description: 'Old', dueDate: '2030-01-01T10:00:00Z', projectId: annProject });
    const res = await put(ann, `/api/tasks/${task.id}`, {
      name: ' Renamed ',
      dealId: annDeal,
      categoryId: annCategory,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      description: null,
      dueDate: null,
      projectId: null,
      dealId: annDeal,
      dealName: 'Ann deal',
      category: { id: annCategory },
      status: 'To Do',
    });
    expect(await rowOf(task.id)).toMatchObject({ name: 'Renamed', description: null, dueDate: null, projectId: null });

    const done = await ann.patch(`/api/tasks/${task.id}/status`, { status: 'Done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: task.id, status: 'Done', dealName: 'Ann deal' });
    expect((await rowOf(task.id))!.status).toBe('Done');
    const bad = await ann.patch(`/api/tasks/${task.id}/status`, { status: 'Finished' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe(taskMessages.statusInvalid);
    expect((await rowOf(task.id))!.status).toBe('Done');
  });

  it('answers 404 for another user’s task on every route and leaves it unchanged', async () => {
    const task = await createTask(ann, { name: 'Secret', description: 'Ann only', projectId: annProject });
    const before = await rowOf(task.id);
    const url = `/api/tasks/${task.id}`;
    const answers = [
      await bob.get(url),
      await put(bob, url, { name: 'Taken' }),
      await put(bob, url, { name: 'Taken', projectId: bobProject }),
      await bob.patch(`${url}/status`, { status: 'Done' }),
      await bob.delete(url),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    expect(await rowOf(task.id)).toEqual(before);
    const bobsList = (await bob.get('/api/tasks?limit=200')).json<{ items: Task[] }>();
    expect(bobsList.items.map((x) => x.id)).not.toContain(task.id);
    const bobsBoard = (await bob.get('/api/tasks/board')).json<{ columns: Array<{ items: Task[] }> }>();
    expect(bobsBoard.columns.flatMap((c) => c.items).map((x) => x.id)).not.toContain(task.id);
  });

  it('shows a task assigned to an “own records” member to them, who may edit it keeping the owner’s links', async () => {
    const dan = await joined(t.app, ann, 'dan', 'member');
    const ownRecords = await ann.patch(`/api/workspace/members/${dan.id}`, { visibility: 'own' });
    expect(ownRecords.statusCode, ownRecords.body).toBe(200);
    const task = await createTask(ann, { name: 'Shared', projectId: annProject, categoryId: annCategory });
    const unassigned = await createTask(ann, { name: 'Not for Dan' });
    expect((await dan.get(`/api/tasks/${unassigned.id}`)).statusCode).toBe(404);
    await t.database.db.update(tasks).set({ assignedUserId: dan.id }).where(eq(tasks.id, task.id));

    const seen = await dan.get(`/api/tasks/${task.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ isOwn: false, projectName: 'Ann project', category: { id: annCategory } });
    expect((await ann.get(`/api/tasks/${task.id}`)).json().isOwn).toBe(true);
    const dansList = (await dan.get('/api/tasks?limit=200')).json<{ items: Task[] }>();
    expect(dansList.items.find((x) => x.id === task.id)).toMatchObject({ isOwn: false });
    expect(dansList.items.map((x) => x.id)).not.toContain(unassigned.id);
    const dansBoard = (await dan.get('/api/tasks/board')).json<{ columns: Array<{ items: Task[] }> }>();
    expect(dansBoard.columns[0]!.items.map((x) => x.id)).toContain(task.id);

    // A link the task has already stays (Ann's project, which Dan does not see); a new one must be one Dan sees,
    // and another workspace's project is not.
    const edit = await put(dan, `/api/tasks/${task.id}`, { name: 'Shared, edited', projectId: annProject });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Shared, edited', isOwn: false, category: null });
    const foreign = await put(dan, `/api/tasks/${task.id}`, { name: 'Shared', projectId: bobProject });
    expect(foreign.json().fields).toEqual({ projectId: taskMessages.projectNotFound });
    const relinked = await put(dan, `/api/tasks/${task.id}`, { name: 'Shared', categoryId: annCategory });
    expect(relinked.json().fields).toEqual({ categoryId: taskMessages.categoryNotFound });
    const moved = await dan.patch(`/api/tasks/${task.id}/status`, { status: 'In Progress' });
    expect(moved.statusCode).toBe(200);
    expect(await rowOf(task.id)).toMatchObject({
      userId: ann.id,
      assignedUserId: dan.id,
      name: 'Shared, edited',
      status: 'In Progress',
      projectId: annProject,
    });

    const carol = await signUp(t.app, 'carol');
    expect((await carol.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await dan.delete(`/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect(await rowOf(task.id)).toBeUndefined();
  });

  it('deletes a task', async () => {
    const task = await createTask(ann);
    expect((await ann.delete(`/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect(await rowOf(task.id)).toBeUndefined();
    expect((await ann.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await ann.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
  });
});
