import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages } from '@common/constants';
import { MAX_PIPELINES, pipelineHasDeals, pipelineMessages, type Pipeline } from '@common/pipelines';
import { deals, pipelines } from '../../db/schema';
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

const rowsOf = (userId: string) => t.database.db.select().from(pipelines).where(eq(pipelines.userId, userId));

async function create(user: UserClient, name: string, isDefault = false): Promise<Pipeline> {
  const res = await user.post('/api/pipelines', { name, isDefault });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const addDeal = (user: UserClient, pipelineId: string, stage = 'Lead') =>
  t.database.db
    .insert(deals)
    .values({ userId: user.id, workspaceId: user.id, pipelineId, stage, name: `Deal at ${stage}` });

describe('pipelines', () => {
  it('creates a pipeline with the default stages, the first one becoming the default', async () => {
    const user = await signUp(t.app, 'cy');
    const first = await create(user, '  Sales  ');
    expect(first).toMatchObject({ name: 'Sales', stages: [...defaultPipelineStages], isDefault: true });
    const second = await create(user, 'Hiring');
    expect(second.isDefault).toBe(false);
    const list = (await user.get('/api/pipelines')).json();
    expect(list.map((p: Pipeline) => p.name)).toEqual(['Sales', 'Hiring']);
  });

  it('makes a pipeline created as default the only default', async () => {
    const user = await signUp(t.app, 'dee');
    await create(user, 'One');
    const two = await create(user, 'Two', true);
    const rows = await rowsOf(user.id);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([two.id]);
  });

  it('refuses a pipeline past MAX_PIPELINES and stores nothing', async () => {
    const user = await signUp(t.app, 'eve');
    await t.database.db
      .insert(pipelines)
      .values(
        Array.from({ length: MAX_PIPELINES }, (_, i) => ({ userId: user.id, workspaceId: user.id, name: `P${i}` })),
      );
    const res = await user.post('/api/pipelines', { name: 'One too many' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: pipelineMessages.tooManyPipelines });
    expect(await rowsOf(user.id)).toHaveLength(MAX_PIPELINES);
  });

  it('answers 400 with the field message for a blank name and stores nothing', async () => {
    const user = await signUp(t.app, 'fay');
    const res = await user.post('/api/pipelines', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: pipelineMessages.nameRequired });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('renames a pipeline', async () => {
    const p = await create(ann, 'Old name');
    const res = await ann.patch(`/api/pipelines/${p.id}`, { name: 'New name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, name: 'New name' });
  });

  it('hides a pipeline from anyone but its owner, answering 404 and changing nothing', async () => {
    const p = await create(ann, 'Private');
    const id = p.id;
    const attempts = [
      bob.patch(`/api/pipelines/${id}`, { name: 'Stolen' }),
      bob.delete(`/api/pipelines/${id}`),
      bob.post(`/api/pipelines/${id}/default`),
      bob.post(`/api/pipelines/${id}/stages`, { name: 'Mine' }),
      bob.post(`/api/pipelines/${id}/stages/remove`, { name: 'Lead' }),
      bob.post(`/api/pipelines/${id}/stages/rename`, { from: 'Lead', to: 'Mine' }),
      t.app.inject({
        method: 'PUT',
        url: `/api/pipelines/${id}/stages`,
        payload: { stages: [...defaultPipelineStages].reverse() },
        headers: { cookie: bob.cookie },
      }),
      bob.get(`/api/deals/board?pipelineId=${id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    expect((await bob.get('/api/pipelines')).json()).toEqual([]);
    const [row] = (await rowsOf(ann.id)).filter((r) => r.id === id);
    expect(row).toMatchObject({ name: 'Private', stages: [...defaultPipelineStages] });
  });

  it('refuses to delete a pipeline while it holds deals, saying how many, and deletes it once empty', async () => {
    const user = await signUp(t.app, 'gus');
    const p = await create(user, 'Busy');
    await addDeal(user, p.id);
    await addDeal(user, p.id, 'Won');
    const refused = await user.delete(`/api/pipelines/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: pipelineHasDeals(2) });
    expect(await rowsOf(user.id)).toHaveLength(1);
    await t.database.db.delete(deals).where(eq(deals.pipelineId, p.id));
    expect((await user.delete(`/api/pipelines/${p.id}`)).statusCode).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('makes the oldest remaining pipeline the default when the default is deleted', async () => {
    const user = await signUp(t.app, 'hal');
    const oldest = await create(user, 'Oldest');
    await create(user, 'Middle');
    const doomed = await create(user, 'Doomed', true);
    expect((await user.delete(`/api/pipelines/${doomed.id}`)).statusCode).toBe(204);
    const list: Pipeline[] = (await user.get('/api/pipelines')).json();
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([oldest.id]);
  });

  it('switches the default and answers all the pipelines', async () => {
    const user = await signUp(t.app, 'ivy');
    const a = await create(user, 'A');
    const b = await create(user, 'B');
    const res = await user.post(`/api/pipelines/${b.id}/default`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: Pipeline) => [p.id, p.isDefault])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
  });

  it('keeps exactly one default under concurrent switches, never failing', async () => {
    const user = await signUp(t.app, 'jay');
    const a = await create(user, 'A');
    const b = await create(user, 'B');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => user.post(`/api/pipelines/${i % 2 ? a.id : b.id}/default`)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(user.id);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('keeps exactly one default when pipelines are created as default concurrently', async () => {
    const user = await signUp(t.app, 'kim');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => user.post('/api/pipelines', { name: `P${i}`, isDefault: true })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
