import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMessages, type Project, type ProjectInput } from '@common/projects';
import { projects, tasks } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const put = (user: UserClient, url: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: body as object, headers: { cookie: user.cookie } });

const rowOf = async (id: string) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0];

async function createProject(user: UserClient, input: Partial<ProjectInput> = {}): Promise<Project> {
  const res = await user.post('/api/projects', { name: 'Website relaunch', ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Project>();
}

describe('projects', () => {
  it('creates a project with a trimmed name, null empties and the default status', async () => {
    const project = await createProject(ann, { name: '  Website relaunch  ', description: '   ', dueDate: null });
    expect(project).toMatchObject({
      name: 'Website relaunch',
      description: null,
      status: 'Not Started',
      dueDate: null,
      taskCount: 0,
      doneTaskCount: 0,
    });
    expect(await rowOf(project.id)).toMatchObject({
      userId: ann.id,
      name: 'Website relaunch',
      description: null,
      dueDate: null,
      status: 'Not Started',
    });
    expect((await ann.get(`/api/projects/${project.id}`)).json()).toEqual(project);
  });

  it('keeps a trimmed description and a due date', async () => {
    const project = await createProject(ann, { description: '  Phase one  ', dueDate: '2030-06-30', status: 'Review' });
    expect(project).toMatchObject({ description: 'Phase one', dueDate: '2030-06-30', status: 'Review' });
    expect(await rowOf(project.id)).toMatchObject({ description: 'Phase one', dueDate: '2030-06-30' });
  });

  it('refuses a blank name, an unknown status and a bad due date with the field’s message', async () => {
    const blank = await ann.post('/api/projects', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: projectMessages.nameRequired,
      fields: { name: projectMessages.nameRequired },
    });
    const missing = await ann.post('/api/projects', {});
    expect(missing.json().fields.name).toBe(projectMessages.nameRequired);
    const status = await ann.post('/api/projects', { name: 'X', status: 'Done' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields.status).toBe(projectMessages.statusInvalid);
    for (const dueDate of ['2030-02-30', 'tomorrow', '0000-01-01']) {
      const res = await ann.post('/api/projects', { name: 'X', dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().fields.dueDate, dueDate).toBe(projectMessages.dueDateInvalid);
    }
  });

  it('replaces a project with PUT and moves it with PATCH …/status', async () => {
    const project = await createProject(ann, { description: 'Old', dueDate: '2030-01-01' });
    const res = await put(ann, `/api/projects/${project.id}`, { name: ' Renamed ', status: 'In Progress' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', description: null, dueDate: null, status: 'In Progress' });
    expect(await rowOf(project.id)).toMatchObject({ name: 'Renamed', description: null, dueDate: null });

    const moved = await ann.patch(`/api/projects/${project.id}/status`, { status: 'Planning' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: project.id, status: 'Planning', name: 'Renamed' });
    expect((await rowOf(project.id))!.status).toBe('Planning');

    const bad = await ann.patch(`/api/projects/${project.id}/status`, { status: 'Archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe(projectMessages.statusInvalid);
    const blank = await put(ann, `/api/projects/${project.id}`, { name: '' });
    expect(blank.json()).toMatchObject({ error: projectMessages.nameRequired });
    expect((await rowOf(project.id))!.status).toBe('Planning');
  });

  it('answers 404 for another user’s project on every route and leaves it unchanged', async () => {
    const project = await createProject(ann, { name: 'Secret', description: 'Ann only' });
    const before = await rowOf(project.id);
    const url = `/api/projects/${project.id}`;
    const answers = [
      await bob.get(url),
      await put(bob, url, { name: 'Taken' }),
      await bob.patch(`${url}/status`, { status: 'Completed' }),
      await bob.delete(url),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    expect(await rowOf(project.id)).toEqual(before);
    const bobsList = (await bob.get('/api/projects?limit=200')).json<{ items: Project[] }>();
    expect(bobsList.items.map((p) => p.id)).not.toContain(project.id);
    const bobsBoard = (await bob.get('/api/projects/board')).json<{ columns: Array<{ items: Project[] }> }>();
    expect(bobsBoard.columns.flatMap((c) => c.items).map((p) => p.id)).not.toContain(project.id);
    expect((await bob.get('/api/projects/not-a-uuid')).statusCode).toBe(404);
  });

  it('deletes a project and leaves its tasks in place, unlinked', async () => {
    const project = await createProject(ann, { name: 'Going' });
    const task = await ann.post('/api/tasks', { name: 'Stays', projectId: project.id });
    expect(task.statusCode, task.body).toBe(201);
    const res = await ann.delete(`/api/projects/${project.id}`);
    expect(res.statusCode).toBe(204);
    expect(await rowOf(project.id)).toBeUndefined();
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.json().id));
    expect(row).toMatchObject({ name: 'Stays', projectId: null });
    expect((await ann.get(`/api/tasks/${task.json().id}`)).json()).toMatchObject({
      projectId: null,
      projectName: null,
    });
    expect((await ann.delete(`/api/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('shows each card’s task progress: its tasks and those of them Done', async () => {
    const user = await signUp(t.app, 'progress');
    const busy = await createProject(user, { name: 'Busy', status: 'In Progress' });
    const idle = await createProject(user, { name: 'Idle', status: 'In Progress' });
    for (const status of ['To Do', 'In Progress', 'Done', 'Done']) {
      const res = await user.post('/api/tasks', { name: `Task ${status}`, status, projectId: busy.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    const progress = { taskCount: 4, doneTaskCount: 2 };
    expect((await user.get(`/api/projects/${busy.id}`)).json()).toMatchObject(progress);
    const list = (await user.get('/api/projects')).json<{ items: Project[] }>().items;
    expect(list.find((p) => p.id === busy.id)).toMatchObject(progress);
    expect(list.find((p) => p.id === idle.id)).toMatchObject({ taskCount: 0, doneTaskCount: 0 });
    const board = (await user.get('/api/projects/board')).json<{ columns: Array<{ items: Project[] }> }>();
    const cards = board.columns.flatMap((c) => c.items);
    expect(cards.find((p) => p.id === busy.id)).toMatchObject(progress);
    const moved = await user.patch(`/api/projects/${busy.id}/status`, { status: 'Review' });
    expect(moved.json()).toMatchObject(progress);
    const replaced = await put(user, `/api/projects/${busy.id}`, { name: 'Busy' });
    expect(replaced.json()).toMatchObject({ ...progress, status: 'Not Started' });
  });

  it('searches names case-insensitively, with % and _ matching themselves', async () => {
    const user = await signUp(t.app, 'search');
    const names = ['Alpha launch', 'ALPHABET soup', '100% done', '100 percent', 'snake_case', 'snakeXcase'];
    await t.database.db.insert(projects).values(names.map((name) => ({ userId: user.id, workspaceId: user.id, name })));
    const search = async (q: string) =>
      (await user.get(`/api/projects?q=${encodeURIComponent(q)}`))
        .json<{ items: Project[] }>()
        .items.map((p) => p.name)
        .sort();
    expect(await search('alpha')).toEqual(['ALPHABET soup', 'Alpha launch']);
    expect(await search('100%')).toEqual(['100% done']);
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('  zzz ')).toEqual([]);
    expect(await search('')).toHaveLength(names.length);
  });

  it('removes only the deleted project’s own rows', async () => {
    const keep = await createProject(ann, { name: 'Keep' });
    const drop = await createProject(ann, { name: 'Drop' });
    await ann.delete(`/api/projects/${drop.id}`);
    const rows = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [keep.id, drop.id]));
    expect(rows.map((r) => r.id)).toEqual([keep.id]);
  });
});
