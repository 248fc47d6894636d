import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages } from '@common/constants';
import { BOARD_PAGE_SIZE, type Board, type Deal } from '@common/deals';
import { analyzeChangedTables } from '../../db/auto-analyze';
import { soloMember } from '../../db/member-scope';
import { dealActivities, deals } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { dealsSeenBy, firstPagesSql } from './board';
import { columnSql } from './service';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The board in one request, and a column's further pages by cursor.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

async function newPipeline(user: UserClient): Promise<string> {
  const res = await user.post('/api/pipelines', { name: 'Sales' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** `n` deals at a stage, inserted in one statement: they share created_at to the microsecond. */
const seedDeals = (user: UserClient, pipelineId: string, stage: string, n: number, value: string | null = null) =>
  t.database.db
    .insert(deals)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        workspaceId: user.id,
        pipelineId,
        stage,
        name: `${stage} ${i}`,
        value,
      })),
    )
    .returning({ id: deals.id });

async function board(user: UserClient, pipelineId: string): Promise<Board> {
  const res = await user.get(`/api/deals/board?pipelineId=${pipelineId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

interface DealPage {
  items: Deal[];
  nextCursor: string | null;
}

async function column(user: UserClient, pipelineId: string, stage: string, cursor: string | null, limit = 20) {
  const query = new URLSearchParams({ pipelineId, stage, limit: String(limit), ...(cursor ? { cursor } : {}) });
  return user.get(`/api/deals?${query.toString()}`);
}

const newestFirst = (a: Deal, b: Deal) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

describe('deal board', () => {
  it('answers one column per stage in the pipeline’s order, with counts and totals of all their deals', async () => {
    const pipelineId = await newPipeline(ann);
    const order = [...defaultPipelineStages].reverse();
    await t.app.inject({
      method: 'PUT',
      url: `/api/pipelines/${pipelineId}/stages`,
      payload: { stages: order },
      headers: { cookie: ann.cookie },
    });
    await seedDeals(ann, pipelineId, 'Lead', BOARD_PAGE_SIZE + 5, '100.25');
    await seedDeals(ann, pipelineId, 'Lead', 2, null);
    await seedDeals(ann, pipelineId, 'Won', 2, '1000');
    const elsewhere = await newPipeline(ann);
    await seedDeals(ann, elsewhere, 'Lead', 3, '7');

    const result = await board(ann, pipelineId);
    expect(result.pipelineId).toBe(pipelineId);
    expect(result.columns.map((c) => c.stage)).toEqual(order);
    const lead = result.columns.find((c) => c.stage === 'Lead')!;
    expect(lead).toMatchObject({ count: BOARD_PAGE_SIZE + 7, total: 2506.25 });
    expect(lead.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(lead.nextCursor).toEqual(expect.any(String));
    expect(lead.items).toEqual([...lead.items].sort(newestFirst));
    expect(result.columns.find((c) => c.stage === 'Won')).toMatchObject({ count: 2, total: 2000, nextCursor: null });
    expect(result.columns.find((c) => c.stage === 'Lost')).toEqual({
      stage: 'Lost',
      count: 0,
      total: 0,
      items: [],
      nextCursor: null,
    });
  });

  it('gives each card its contact’s name and its oldest pending activity as the next one', async () => {
    const pipelineId = await newPipeline(ann);
    const contactId = (await ann.post('/api/contacts', { name: 'Grace Hopper' })).json().id;
    const deal = (await ann.post('/api/deals', { name: 'Navy', pipelineId, stage: 'Proposal Sent', contactId })).json();
    const quiet = (await ann.post('/api/deals', { name: 'Quiet', pipelineId, stage: 'Proposal Sent' })).json();
    const add = (dueDate: string) =>
      ann.post(`/api/deals/${deal.id}/activities`, { activityType: 'call', description: 'Call', dueDate });
    const done = (await add('2029-12-01T09:00:00Z')).json();
    await ann.post(`/api/deals/${deal.id}/activities/${done.id}/complete`);
    const later = (await add('2030-06-01T09:00:00Z')).json();
    const oldest = (await add('2030-01-01T09:00:00Z')).json();
    await ann.post(`/api/deals/${quiet.id}/activities`, {
      activityType: 'email',
      description: 'Done',
      dueDate: '2030-01-01T09:00:00Z',
    });
    await t.database.db
      .update(dealActivities)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(dealActivities.dealId, quiet.id));

    const items = (await board(ann, pipelineId)).columns.find((c) => c.stage === 'Proposal Sent')!.items;
    const card = items.find((d) => d.id === deal.id)!;
    expect(card.contactName).toBe('Grace Hopper');
    expect(card.nextActivity).toEqual({ id: oldest.id, dueDate: '2030-01-01T09:00:00.000Z', status: 'pending' });
    expect(later.id).not.toBe(oldest.id);
    expect(items.find((d) => d.id === quiet.id)!.nextActivity).toBeNull();
    expect((await ann.get(`/api/deals/${deal.id}`)).json().nextActivity.id).toBe(oldest.id);
  });

  it('answers 404 for another user’s pipeline and never shows their deals', async () => {
    const pipelineId = await newPipeline(ann);
    await seedDeals(ann, pipelineId, 'Lead', 2);
    const res = await bob.get(`/api/deals/board?pipelineId=${pipelineId}`);
    expect(res.statusCode).toBe(404);
    const page = await column(bob, pipelineId, 'Lead', null);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ error: 'Not found' });
    // An empty column of one's own pipeline is still an empty page.
    expect((await column(ann, pipelineId, 'Won', null)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages a column from the board’s cursor to its end, without skipping or doubling deals that share a timestamp', async () => {
    const pipelineId = await newPipeline(ann);
    const seeded = await seedDeals(ann, pipelineId, 'Negotiation', BOARD_PAGE_SIZE * 2 + 7);
    await seedDeals(ann, pipelineId, 'Lead', 4);
    const first = (await board(ann, pipelineId)).columns.find((c) => c.stage === 'Negotiation')!;
    const seen = [...first.items];
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const res = await column(ann, pipelineId, 'Negotiation', cursor);
      expect(res.statusCode, res.body).toBe(200);
      const page: DealPage = res.json();
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((d) => d.id)).toEqual(
      seeded
        .map((d) => d.id)
        .sort()
        .reverse(),
    );
    expect(seen.every((d) => d.stage === 'Negotiation')).toBe(true);
  });

  it('gives the last column page no cursor, also when it is exactly full', async () => {
    const pipelineId = await newPipeline(ann);
    await seedDeals(ann, pipelineId, 'Won', 4);
    const first: DealPage = (await column(ann, pipelineId, 'Won', null, 2)).json();
    const second: DealPage = (await column(ann, pipelineId, 'Won', first.nextCursor, 2)).json();
    expect([first.items.length, second.items.length]).toEqual([2, 2]);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps new deals out of further pages: they appear at the top of the column instead', async () => {
    const pipelineId = await newPipeline(ann);
    await seedDeals(ann, pipelineId, 'Lead', 3);
    const first: DealPage = (await column(ann, pipelineId, 'Lead', null, 2)).json();
    await seedDeals(ann, pipelineId, 'Lead', 2);
    const second: DealPage = (await column(ann, pipelineId, 'Lead', first.nextCursor, 2)).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses another user’s column cursor, a forged one and one of another list with 400', async () => {
    const pipelineId = await newPipeline(ann);
    await seedDeals(ann, pipelineId, 'Lead', 3);
    const annCursor = (await column(ann, pipelineId, 'Lead', null, 1)).json().nextCursor as string;
    const bobPipeline = await newPipeline(bob);
    const foreign = await column(bob, bobPipeline, 'Lead', annCursor, 1);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } });
    const [, signature] = annCursor.split('.');
    const payload = Buffer.from(JSON.stringify(['2000-01-01T00:00:00.000000Z', pipelineId])).toString('base64url');
    expect((await column(ann, pipelineId, 'Lead', `${payload}.${signature}`, 1)).statusCode).toBe(400);
    await ann.post('/api/contacts', { name: 'A' });
    await ann.post('/api/contacts', { name: 'B' });
    const contactsCursor = (await ann.get('/api/contacts?limit=1')).json().nextCursor as string;
    expect((await column(ann, pipelineId, 'Lead', contactsCursor, 1)).statusCode).toBe(400);
  });

  it('reads each column through its index, deep pages included, without sorting the pipeline’s deals', async () => {
    const user = await signUp(t.app, 'plan');
    const pipelineId = await newPipeline(user);
    for (const stage of defaultPipelineStages) await seedDeals(user, pipelineId, stage, 500, '10');
    await expect.poll(() => analyzeChangedTables(t.database.db), { timeout: 15_000 }).toContain('deals');
    const planOf = async (query: SQL) =>
      (await selectRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${query}`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    const before: [string, string] = ['2000-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000'];
    // "Mine" reads the same index, keeping the member's own deals.
    const mine = dealsSeenBy(soloMember(user.id), 'mine');
    for (const query of [
      columnSql(soloMember(user.id), { pipelineId, stage: 'Lead', limit: 20, before: null }),
      columnSql(soloMember(user.id), { pipelineId, stage: 'Lead', limit: 20, before }),
      firstPagesSql(soloMember(user.id), pipelineId),
      columnSql(mine, { pipelineId, stage: 'Lead', limit: 20, before }),
      firstPagesSql(mine, pipelineId),
    ]) {
      const plan = await planOf(query);
      // The page's limit reads the column index in order: no sort of the column's deals in between
      // (a sort of the page's few rows above it is fine).
      expect(plan, plan).toMatch(
        /Limit[^\n]*\n\s*->\s+Index Scan using deals_workspace_pipeline_stage_created_idx on deals/,
      );
      expect(plan, plan).not.toMatch(/(Seq|Bitmap Heap) Scan on deals/);
    }
  });
});
