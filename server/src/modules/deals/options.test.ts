import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_OPTIONS_LIMIT } from './options';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// GET /api/deals/options: the task form's deal picker.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

interface Option {
  id: string;
  name: string;
  stage: string;
}

async function options(user: UserClient, q?: string): Promise<Option[]> {
  const res = await user.get(`/api/deals/options${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Option[] }>().items;
}

const newPipeline = async (user: UserClient) =>
  (await user.post('/api/pipelines', { name: 'Sales' })).json<{ id: string }>().id;

describe('deal options', () => {
  it('offers the newest deals of all pipelines and stages, at most 20, with their stage', async () => {
    const user = await signUp(t.app, 'picker');
    const first = await newPipeline(user);
    const second = await newPipeline(user);
    await t.database.db.execute(
      sql`insert into deals (user_id, workspace_id, pipeline_id, stage, name, created_at)
        select ${user.id}, ${user.id}, case when i % 2 = 0 then ${first}::uuid else ${second}::uuid end,
          (array['Lead', 'Won', 'Lost'])[1 + i % 3], 'Deal ' || i, now() - i * interval '1 minute'
        from generate_series(1, 30) as i`,
    );
    const items = await options(user);
    expect(items).toHaveLength(DEAL_OPTIONS_LIMIT);
    expect(items.map((d) => d.name)).toEqual(Array.from({ length: DEAL_OPTIONS_LIMIT }, (_, i) => `Deal ${i + 1}`));
    expect(items[0]).toEqual({ id: expect.any(String), name: 'Deal 1', stage: 'Won' });
    expect(await options(ann)).toEqual([]);
  });

  it('finds names containing q whatever the case, with % and _ matching themselves', async () => {
    const pipelineId = await newPipeline(ann);
    const add = async (name: string) =>
      (await ann.post('/api/deals', { name, pipelineId, stage: 'Lead' })).json<Option>().id;
    const acme = await add('ACME renewal');
    const acmeNew = await add('New acme site');
    const percent = await add('100% upsell');
    await add('100 upsell');
    const snake = await add('snake_case');
    await add('snakeXcase');
    expect((await options(ann, 'acme')).map((d) => d.id)).toEqual([acmeNew, acme]);
    expect((await options(ann, '100%')).map((d) => d.id)).toEqual([percent]);
    expect((await options(ann, 'e_c')).map((d) => d.id)).toEqual([snake]);
    expect(await options(ann, 'nothing')).toEqual([]);
    const bob = await signUp(t.app, 'bob');
    expect(await options(bob, 'acme')).toEqual([]);
  });

  it('refuses a search that is too long with 400', async () => {
    const res = await ann.get(`/api/deals/options?q=${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.q).toBe('Search must be at most 200 characters');
  });
});
