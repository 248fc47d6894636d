import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealInput } from '@common/deals';
import { deals } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// deals.won_at: when a deal last entered the stage Won, whichever path moved it (the dashboard's revenue reads it).

let t: TestApp;
let ann: UserClient;
let pipelineId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
});
afterAll(() => t.close());

const wonAtOf = async (id: string): Promise<Date | null> => {
  const [row] = await t.database.db.select({ wonAt: deals.wonAt }).from(deals).where(eq(deals.id, id));
  return row!.wonAt;
};

async function create(stage: string, pipeline = pipelineId): Promise<Deal> {
  const res = await ann.post('/api/deals', { name: `At ${stage}`, pipelineId: pipeline, stage });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const edit = (deal: Deal, overrides: Partial<DealInput>) =>
  ann.patch(`/api/deals/${deal.id}`, { name: deal.name, pipelineId: deal.pipelineId, stage: deal.stage, ...overrides });

describe('won_at', () => {
  it('is set when a deal is created at Won, and stays null at any other stage', async () => {
    const before = Date.now();
    const won = await create('Won');
    const wonAt = await wonAtOf(won.id);
    expect(wonAt).not.toBeNull();
    expect(wonAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(wonAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await wonAtOf((await create('Lead')).id)).toBeNull();
    expect(await wonAtOf((await create('Lost')).id)).toBeNull();
    // The answer's shape is the same as before the column.
    expect(won).not.toHaveProperty('wonAt');
  });

  it('is set on entering Won, kept while Won, cleared on leaving, by the edit form and by the board', async () => {
    const deal = await create('Negotiation');
    expect((await edit(deal, { stage: 'Won' })).statusCode).toBe(200);
    const first = await wonAtOf(deal.id);
    expect(first).not.toBeNull();

    // An edit of anything else, or a drag from Won to Won, keeps the moment it was won.
    await t.database.db
      .update(deals)
      .set({ wonAt: new Date('2030-01-15T10:00:00Z') })
      .where(eq(deals.id, deal.id));
    expect((await edit(deal, { stage: 'Won', name: 'Renamed' })).statusCode).toBe(200);
    expect(await wonAtOf(deal.id)).toEqual(new Date('2030-01-15T10:00:00Z'));
    expect((await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Won' })).statusCode).toBe(200);
    expect(await wonAtOf(deal.id)).toEqual(new Date('2030-01-15T10:00:00Z'));

    expect((await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Lost' })).statusCode).toBe(200);
    expect(await wonAtOf(deal.id)).toBeNull();
    expect((await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Won' })).statusCode).toBe(200);
    const again = await wonAtOf(deal.id);
    // Won anew: the moment of this move, not the old one.
    expect(Math.abs(again!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await edit(deal, { stage: 'Lead' })).statusCode).toBe(200);
    expect(await wonAtOf(deal.id)).toBeNull();
  });

  it('is left as it was by a refused move', async () => {
    const deal = await create('Won');
    const wonAt = await wonAtOf(deal.id);
    expect((await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Nowhere' })).statusCode).toBe(400);
    expect((await edit(deal, { stage: 'Nowhere' })).statusCode).toBe(400);
    expect(await wonAtOf(deal.id)).toEqual(wonAt);
  });

  it('follows a stage rename to and from Won, and leaves other stages and pipelines alone', async () => {
    const own = (await ann.post('/api/pipelines', { name: 'Renames' })).json().id as string;
    const won = await create('Won', own);
    const lead = await create('Lead', own);
    const elsewhere = await create('Won');
    const elsewhereAt = await wonAtOf(elsewhere.id);
    const rename = (from: string, to: string) => ann.post(`/api/pipelines/${own}/stages/rename`, { from, to });

    expect((await rename('Won', 'Closed')).statusCode).toBe(200);
    expect(await wonAtOf(won.id)).toBeNull();
    expect((await rename('Closed', 'Won')).statusCode).toBe(200);
    expect(await wonAtOf(won.id)).not.toBeNull();
    expect(await wonAtOf(lead.id)).toBeNull();
    expect(await wonAtOf(elsewhere.id)).toEqual(elsewhereAt);

    // Renaming another stage leaves a Won deal's moment as it was.
    await t.database.db
      .update(deals)
      .set({ wonAt: new Date('2030-02-01T00:00:00Z') })
      .where(eq(deals.id, won.id));
    expect((await rename('Lead', 'Prospect')).statusCode).toBe(200);
    expect(await wonAtOf(won.id)).toEqual(new Date('2030-02-01T00:00:00Z'));
    expect(await wonAtOf(lead.id)).toBeNull();
  });
});
