import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages } from '@common/constants';
import { MAX_STAGES, pipelineMessages, stageHasDeals, type Pipeline } from '@common/pipelines';
import { deals, pipelines } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

async function newPipeline(user = ann): Promise<Pipeline> {
  const res = await user.post('/api/pipelines', { name: 'Sales' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const storedStages = async (id: string) =>
  (await t.database.db.select({ stages: pipelines.stages }).from(pipelines).where(eq(pipelines.id, id)))[0]!.stages;

const addDeals = (pipelineId: string, stage: string, n: number, userId = ann.id) =>
  t.database.db
    .insert(deals)
    .values(
      Array.from({ length: n }, (_, i) => ({ userId, workspaceId: userId, pipelineId, stage, name: `${stage} ${i}` })),
    );

const reorder = (id: string, stages: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/pipelines/${id}/stages`,
    payload: { stages },
    headers: { cookie: ann.cookie },
  });

describe('pipeline stages', () => {
  it('appends a stage, trimmed', async () => {
    const p = await newPipeline();
    const res = await ann.post(`/api/pipelines/${p.id}/stages`, { name: '  Demo ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stages).toEqual([...defaultPipelineStages, 'Demo']);
    expect(await storedStages(p.id)).toEqual([...defaultPipelineStages, 'Demo']);
  });

  it('refuses a stage name the pipeline has already, whatever its case', async () => {
    const p = await newPipeline();
    for (const name of ['Lead', 'lead']) {
      const res = await ann.post(`/api/pipelines/${p.id}/stages`, { name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: pipelineMessages.stageExists });
    }
    expect(await storedStages(p.id)).toEqual([...defaultPipelineStages]);
  });

  it('refuses a blank stage name with its field message', async () => {
    const p = await newPipeline();
    const res = await ann.post(`/api/pipelines/${p.id}/stages`, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: pipelineMessages.stageRequired });
  });

  it('refuses a stage past MAX_STAGES', async () => {
    const p = await newPipeline();
    const full = Array.from({ length: MAX_STAGES }, (_, i) => `S${i}`);
    await t.database.db.update(pipelines).set({ stages: full }).where(eq(pipelines.id, p.id));
    const res = await ann.post(`/api/pipelines/${p.id}/stages`, { name: 'One more' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: pipelineMessages.tooManyStages });
    expect(await storedStages(p.id)).toEqual(full);
  });

  it('keeps both stages added at once (no lost update)', async () => {
    const p = await newPipeline();
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => ann.post(`/api/pipelines/${p.id}/stages`, { name })),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    expect([...(await storedStages(p.id))].sort()).toEqual([...defaultPipelineStages, 'A', 'B', 'C', 'D'].sort());
  });

  it('removes an empty stage', async () => {
    const p = await newPipeline();
    const res = await ann.post(`/api/pipelines/${p.id}/stages/remove`, { name: 'Contact Made' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stages).toEqual(defaultPipelineStages.filter((s) => s !== 'Contact Made'));
  });

  it('refuses to remove a stage that holds deals, saying how many', async () => {
    const p = await newPipeline();
    await addDeals(p.id, 'Negotiation', 3);
    const other = await newPipeline();
    await addDeals(other.id, 'Negotiation', 5);
    const res = await ann.post(`/api/pipelines/${p.id}/stages/remove`, { name: 'Negotiation' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: stageHasDeals('Negotiation', 3) });
    expect(await storedStages(p.id)).toEqual([...defaultPipelineStages]);
  });

  it('refuses to remove the last stage, and a stage that is not there', async () => {
    const p = await newPipeline();
    await t.database.db
      .update(pipelines)
      .set({ stages: ['Only'] })
      .where(eq(pipelines.id, p.id));
    const last = await ann.post(`/api/pipelines/${p.id}/stages/remove`, { name: 'Only' });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ error: pipelineMessages.lastStage });
    const missing = await ann.post(`/api/pipelines/${p.id}/stages/remove`, { name: 'Ghost' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ error: pipelineMessages.stageMissing });
    expect(await storedStages(p.id)).toEqual(['Only']);
  });

  it('renames a stage in place and moves its deals of this pipeline with it', async () => {
    const p = await newPipeline();
    const other = await newPipeline();
    await addDeals(p.id, 'Lead', 2);
    await addDeals(other.id, 'Lead', 1);
    const res = await ann.post(`/api/pipelines/${p.id}/stages/rename`, { from: 'Lead', to: ' Prospect ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stages).toEqual(['Prospect', ...defaultPipelineStages.slice(1)]);
    const stagesOf = async (pipelineId: string) =>
      (await t.database.db.select({ stage: deals.stage }).from(deals).where(eq(deals.pipelineId, pipelineId))).map(
        (d) => d.stage,
      );
    expect(await stagesOf(p.id)).toEqual(['Prospect', 'Prospect']);
    expect(await stagesOf(other.id)).toEqual(['Lead']);
  });

  it('refuses to rename a stage to another stage’s name, or one that is not there; renaming to itself changes nothing', async () => {
    const p = await newPipeline();
    await addDeals(p.id, 'Lead', 1);
    const taken = await ann.post(`/api/pipelines/${p.id}/stages/rename`, { from: 'Lead', to: 'won' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: pipelineMessages.stageExists });
    const missing = await ann.post(`/api/pipelines/${p.id}/stages/rename`, { from: 'Ghost', to: 'Spirit' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ error: pipelineMessages.stageMissing });
    const same = await ann.post(`/api/pipelines/${p.id}/stages/rename`, { from: 'Lead', to: 'Lead' });
    expect(same.statusCode).toBe(200);
    expect(await storedStages(p.id)).toEqual([...defaultPipelineStages]);
    const [deal] = await t.database.db
      .select()
      .from(deals)
      .where(and(eq(deals.pipelineId, p.id)));
    expect(deal!.stage).toBe('Lead');
  });

  it('reorders the stages when given a permutation of them', async () => {
    const p = await newPipeline();
    const order = [...defaultPipelineStages].reverse();
    const res = await reorder(p.id, order);
    expect(res.statusCode).toBe(200);
    expect(res.json().stages).toEqual(order);
    expect(await storedStages(p.id)).toEqual(order);
  });

  it.each([
    ['a missing stage', defaultPipelineStages.slice(1)],
    ['an unknown stage', [...defaultPipelineStages.slice(1), 'Ghost']],
    ['an extra stage', [...defaultPipelineStages, 'Ghost']],
    ['a repeated stage', [...defaultPipelineStages.slice(1), 'Won']],
  ])('refuses a reorder with %s as stale (409) and keeps the order', async (_label, stages) => {
    const p = await newPipeline();
    const res = await reorder(p.id, stages);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: pipelineMessages.reorderMismatch });
    expect(await storedStages(p.id)).toEqual([...defaultPipelineStages]);
  });

  it('refuses an empty reorder with the field message', async () => {
    const p = await newPipeline();
    const res = await reorder(p.id, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ stages: pipelineMessages.lastStage });
  });
});
