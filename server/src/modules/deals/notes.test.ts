import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_NOTES_MAX, type DealDetail } from '@common/deals';
import { deals } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// A deal's notes (part 2 §3: the forms can map a submission to them): free text, read with one deal, never by
// the board.

let t: TestApp;
let ann: UserClient;
let pipelineId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.database.db.select().from(deals).where(eq(deals.id, id)))[0];
const deal = (extra: Record<string, unknown> = {}) => ({ name: 'Acme', pipelineId, stage: 'Lead', ...extra });

async function create(extra: Record<string, unknown>): Promise<DealDetail> {
  const res = await ann.post('/api/deals', deal(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DealDetail>();
}

describe('a deal’s notes', () => {
  it('are stored trimmed, line breaks kept, and empty ones as null', async () => {
    const acme = await create({ notes: '  Call after 5.\nAsk for Dana.  ' });
    expect(acme.notes).toBe('Call after 5.\nAsk for Dana.');
    expect((await rowOf(acme.id))?.notes).toBe('Call after 5.\nAsk for Dana.');
    expect((await create({ notes: ' \n ' })).notes).toBeNull();
    expect((await create({})).notes).toBeNull();
  });

  it('are read with the deal, and with the answer of a move, but not by the board or a column', async () => {
    const { id } = await create({ name: 'Globex', notes: 'Budget approved' });
    expect((await ann.get(`/api/deals/${id}`)).json().notes).toBe('Budget approved');
    expect((await ann.patch(`/api/deals/${id}/stage`, { stage: 'Negotiation' })).json().notes).toBe('Budget approved');
    const board = (await ann.get(`/api/deals/board?pipelineId=${pipelineId}`)).json();
    const card = board.columns.flatMap((c: { items: object[] }) => c.items).find((d: { id: string }) => d.id === id);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty('notes');
    const column = (await ann.get(`/api/deals?pipelineId=${pipelineId}&stage=Negotiation`)).json();
    expect(column.items[0]).not.toHaveProperty('notes');
  });

  it('are kept by an update that leaves them out, changed by one that sends them, and cleared by an empty one', async () => {
    const { id } = await create({ notes: 'First call went well' });
    const kept = await ann.patch(`/api/deals/${id}`, deal({ name: 'Acme renewal' }));
    expect(kept.json()).toMatchObject({ name: 'Acme renewal', notes: 'First call went well' });
    const changed = await ann.patch(`/api/deals/${id}`, deal({ notes: 'Sent the proposal' }));
    expect(changed.json().notes).toBe('Sent the proposal');
    const cleared = await ann.patch(`/api/deals/${id}`, deal({ notes: '' }));
    expect(cleared.json().notes).toBeNull();
    expect((await rowOf(id))?.notes).toBeNull();
  });

  it.each([
    ['too long', 'n'.repeat(DEAL_NOTES_MAX + 1), `Must be at most ${DEAL_NOTES_MAX} characters`],
    ['a number', 7, null],
    ['a list', ['a'], null],
  ])(
    'refuses notes that are %s with 400 and a message beside the field, changing nothing',
    async (_, notes, message) => {
      const { id } = await create({ notes: 'Kept' });
      const created = await ann.post('/api/deals', deal({ name: 'Refused', notes }));
      expect(created.statusCode).toBe(400);
      expect(created.json().fields).toEqual({ notes: message ?? expect.any(String) });
      const updated = await ann.patch(`/api/deals/${id}`, deal({ notes }));
      expect(updated.statusCode).toBe(400);
      expect((await rowOf(id))?.notes).toBe('Kept');
      expect(await t.database.db.select().from(deals).where(eq(deals.name, 'Refused'))).toEqual([]);
    },
  );

  it('as long as allowed are stored whole', async () => {
    const long = 'n'.repeat(DEAL_NOTES_MAX);
    expect((await create({ notes: long })).notes).toBe(long);
  });
});
