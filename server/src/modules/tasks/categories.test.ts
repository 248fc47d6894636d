import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTaskCategoryColor } from '@common/constants';
import { MAX_TASK_CATEGORIES, categoryMessages, type Category } from '@common/tasks';
import { taskCategories, tasks } from '../../db/schema';
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

const rowOf = async (id: string) =>
  (await t.database.db.select().from(taskCategories).where(eq(taskCategories.id, id)))[0];

async function createCategory(user: UserClient, body: object): Promise<Category> {
  const res = await user.post('/api/task-categories', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
}

const listOf = async (user: UserClient) => {
  const res = await user.get('/api/task-categories');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Category[] }>().items;
};

describe('task categories', () => {
  it('creates a category with a trimmed name and the default colour, and lists them by name', async () => {
    const user = await signUp(t.app, 'lists');
    const calls = await createCategory(user, { name: '  Calls ' });
    expect(calls).toEqual({ id: expect.any(String), name: 'Calls', color: defaultTaskCategoryColor });
    expect(await rowOf(calls.id)).toMatchObject({ userId: user.id, name: 'Calls', color: defaultTaskCategoryColor });
    const admin = await createCategory(user, { name: 'Admin', color: '#ff8800' });
    const zebra = await createCategory(user, { name: 'Zebra', color: '#000000' });
    await createCategory(bob, { name: 'Bob’s' });
    expect(await listOf(user)).toEqual([admin, calls, zebra]);
  });

  it('refuses a blank name and a bad colour with the field’s message', async () => {
    const blank = await ann.post('/api/task-categories', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: categoryMessages.nameRequired,
      fields: { name: categoryMessages.nameRequired },
    });
    for (const color of ['red', '#12345', '#GGGGGG', 12]) {
      const res = await ann.post('/api/task-categories', { name: 'X', color });
      expect(res.statusCode, String(color)).toBe(400);
      expect(res.json().fields.color).toBe(categoryMessages.colorInvalid);
    }
  });

  it('renames and recolours; what a PATCH leaves out stays', async () => {
    const category = await createCategory(ann, { name: 'Calls', color: '#FF0000' });
    const renamed = await ann.patch(`/api/task-categories/${category.id}`, { name: ' Phone calls ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: category.id, name: 'Phone calls', color: '#FF0000' });
    const recoloured = await ann.patch(`/api/task-categories/${category.id}`, { color: '#00FF00' });
    expect(recoloured.json()).toEqual({ id: category.id, name: 'Phone calls', color: '#00FF00' });
    expect((await ann.patch(`/api/task-categories/${category.id}`, {})).json()).toEqual(recoloured.json());
    expect(await rowOf(category.id)).toMatchObject({ name: 'Phone calls', color: '#00FF00' });
    const blank = await ann.patch(`/api/task-categories/${category.id}`, { name: '' });
    expect(blank.json()).toMatchObject({ error: categoryMessages.nameRequired });
  });

  it('answers 404 for another user’s category and leaves it unchanged', async () => {
    const category = await createCategory(ann, { name: 'Private', color: '#123456' });
    const before = await rowOf(category.id);
    const url = `/api/task-categories/${category.id}`;
    for (const res of [await bob.patch(url, { name: 'Taken' }), await bob.delete(url)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    expect(await rowOf(category.id)).toEqual(before);
    expect((await listOf(bob)).map((c) => c.id)).not.toContain(category.id);
  });

  it('deletes a category and leaves its tasks in place, uncategorised', async () => {
    const category = await createCategory(ann, { name: 'Going' });
    const task = await ann.post('/api/tasks', { name: 'Stays', categoryId: category.id });
    expect(task.statusCode, task.body).toBe(201);
    expect((await ann.delete(`/api/task-categories/${category.id}`)).statusCode).toBe(204);
    expect(await rowOf(category.id)).toBeUndefined();
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.json().id));
    expect(row).toMatchObject({ name: 'Stays', categoryId: null });
    expect((await ann.get(`/api/tasks/${task.json().id}`)).json().category).toBeNull();
    expect((await ann.delete(`/api/task-categories/${category.id}`)).statusCode).toBe(404);
  });

  it(`refuses a category past ${MAX_TASK_CATEGORIES}`, async () => {
    const user = await signUp(t.app, 'many');
    await t.database.db.insert(taskCategories).values(
      Array.from({ length: MAX_TASK_CATEGORIES - 1 }, (_, i) => ({
        userId: user.id,
        workspaceId: user.id,
        name: `C${i}`,
      })),
    );
    await createCategory(user, { name: 'Last one' });
    const res = await user.post('/api/task-categories', { name: 'One too many' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: categoryMessages.tooMany });
    expect(await listOf(user)).toHaveLength(MAX_TASK_CATEGORIES);
    // Another user is not affected.
    await createCategory(bob, { name: 'Still fine' });
  });
});
