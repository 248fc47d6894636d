import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealMessages, type Deal, type DealInput } from '@common/deals';
import { dealActivities, deals } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
let annPipeline: string;
let annContact: string;
let bobPipeline: string;
let bobContact: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  annPipeline = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
  annContact = (await ann.post('/api/contacts', { name: 'Ada Lovelace' })).json().id;
  bobPipeline = (await bob.post('/api/pipelines', { name: 'Bob Sales' })).json().id;
  bobContact = (await bob.post('/api/contacts', { name: 'Bob Contact' })).json().id;
});
afterAll(() => t.close());

const dealsOf = (userId: string) => t.database.db.select().from(deals).where(eq(deals.userId, userId));
const valid = (overrides: Partial<DealInput> = {}): DealInput => ({
  name: 'Acme renewal',
  pipelineId: annPipeline,
  stage: 'Lead',
  ...overrides,
});

async function createDeal(overrides: Partial<DealInput> = {}): Promise<Deal> {
  const res = await ann.post('/api/deals', valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Deal>();
}

describe('deals', () => {
  it('creates a deal with its contact’s name, a numeric value and the defaults', async () => {
    const deal = await createDeal({ value: 1234.5, contactId: annContact, expectedCloseDate: '2030-06-30' });
    expect(deal).toMatchObject({
      name: 'Acme renewal',
      pipelineId: annPipeline,
      stage: 'Lead',
      value: 1234.5,
      currency: 'USD',
      expectedCloseDate: '2030-06-30',
      contactId: annContact,
      contactName: 'Ada Lovelace',
      nextActivity: null,
    });
    const [row] = (await dealsOf(ann.id)).filter((r) => r.id === deal.id);
    expect(row).toMatchObject({ value: '1234.50', currency: 'USD', expectedCloseDate: '2030-06-30' });
    expect((await ann.get(`/api/deals/${deal.id}`)).json()).toEqual(deal);
  });

  it('stores an empty value as null', async () => {
    const deal = await createDeal({ value: null });
    expect(deal.value).toBeNull();
  });

  it('updates every field of a deal, its pipeline included', async () => {
    const deal = await createDeal();
    const other = (await ann.post('/api/pipelines', { name: 'Other' })).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${other.id}/stages`,
      payload: { name: 'Pilot' },
      headers: { cookie: ann.cookie },
    });
    const res = await ann.patch(`/api/deals/${deal.id}`, {
      ...valid(),
      name: 'Renamed',
      pipelineId: other.id,
      stage: 'Pilot',
      value: 10,
      currency: 'EUR',
      contactId: annContact,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      pipelineId: other.id,
      stage: 'Pilot',
      value: 10,
      currency: 'EUR',
    });
  });

  it('moves a deal to another stage of its pipeline, and refuses one that is not', async () => {
    const deal = await createDeal();
    const moved = await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Negotiation' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().stage).toBe('Negotiation');
    const refused = await ann.patch(`/api/deals/${deal.id}/stage`, { stage: 'Nowhere' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ stage: dealMessages.stageNotInPipeline });
    const [row] = (await dealsOf(ann.id)).filter((r) => r.id === deal.id);
    expect(row!.stage).toBe('Negotiation');
  });

  it('deletes a deal with its activities', async () => {
    const deal = await createDeal();
    const activity = await ann.post(`/api/deals/${deal.id}/activities`, {
      activityType: 'call',
      description: 'Call them',
      dueDate: '2030-01-01T10:00:00Z',
    });
    expect(activity.statusCode).toBe(201);
    expect((await ann.delete(`/api/deals/${deal.id}`)).statusCode).toBe(204);
    expect((await ann.get(`/api/deals/${deal.id}`)).statusCode).toBe(404);
    const left = await t.database.db.select().from(dealActivities).where(eq(dealActivities.dealId, deal.id));
    expect(left).toHaveLength(0);
  });

  it('hides a deal from anyone but its owner: read, update, move, delete and its activities answer 404', async () => {
    const deal = await createDeal({ name: 'Secret' });
    const activity = (
      await ann.post(`/api/deals/${deal.id}/activities`, {
        activityType: 'email',
        description: 'Write',
        dueDate: '2030-01-01T10:00:00Z',
      })
    ).json();
    const attempts = [
      bob.get(`/api/deals/${deal.id}`),
      bob.patch(`/api/deals/${deal.id}`, { ...valid(), pipelineId: bobPipeline }),
      bob.patch(`/api/deals/${deal.id}/stage`, { stage: 'Won' }),
      bob.delete(`/api/deals/${deal.id}`),
      bob.get(`/api/deals/${deal.id}/activities`),
      bob.post(`/api/deals/${deal.id}/activities`, {
        activityType: 'call',
        description: 'x',
        dueDate: '2030-01-01T10:00:00Z',
      }),
      bob.post(`/api/deals/${deal.id}/activities/${activity.id}/complete`),
      bob.delete(`/api/deals/${deal.id}/activities/${activity.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    const [row] = (await dealsOf(ann.id)).filter((r) => r.id === deal.id);
    expect(row).toMatchObject({ name: 'Secret', stage: 'Lead' });
    const [act] = await t.database.db.select().from(dealActivities).where(eq(dealActivities.id, activity.id));
    expect(act).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['another user’s pipeline', () => ({ pipelineId: bobPipeline }), { pipelineId: 'Pipeline not found' }],
    [
      'a missing pipeline',
      () => ({ pipelineId: '00000000-0000-4000-8000-000000000000' }),
      { pipelineId: 'Pipeline not found' },
    ],
    ['a stage not in the pipeline', () => ({ stage: 'Nowhere' }), { stage: dealMessages.stageNotInPipeline }],
    ['another user’s contact', () => ({ contactId: bobContact }), { contactId: 'Contact not found' }],
    [
      'a bad stage and another user’s contact',
      () => ({ stage: 'Nowhere', contactId: bobContact }),
      { stage: dealMessages.stageNotInPipeline, contactId: 'Contact not found' },
    ],
  ])('refuses a deal with %s, naming the field, and stores nothing', async (_label, overrides, fields) => {
    const before = await dealsOf(ann.id);
    const res = await ann.post('/api/deals', valid(overrides()));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(fields);
    expect(await dealsOf(ann.id)).toHaveLength(before.length);
    const existing = await createDeal({ name: 'Unchanged' });
    const patched = await ann.patch(`/api/deals/${existing.id}`, valid({ name: 'Changed', ...overrides() }));
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual(fields);
    expect((await ann.get(`/api/deals/${existing.id}`)).json().name).toBe('Unchanged');
  });

  it.each([
    [{ value: -1 }, 'value', dealMessages.valueInvalid],
    [{ value: '12' }, 'value', dealMessages.valueInvalid],
    [{ value: 'abc' }, 'value', dealMessages.valueInvalid],
    [{ currency: 'XYZ' }, 'currency', dealMessages.currencyInvalid],
    [{ name: '  ' }, 'name', dealMessages.nameRequired],
    [{ stage: '' }, 'stage', dealMessages.stageRequired],
    [{ pipelineId: 'nope' }, 'pipelineId', dealMessages.pipelineRequired],
    [{ expectedCloseDate: '2030-02-30' }, 'expectedCloseDate', dealMessages.closeDateInvalid],
  ])('answers 400 with a field message for %j and stores nothing', async (body, field, message) => {
    const before = await dealsOf(ann.id);
    const res = await ann.post('/api/deals', { ...valid(), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await dealsOf(ann.id)).toHaveLength(before.length);
  });
});
