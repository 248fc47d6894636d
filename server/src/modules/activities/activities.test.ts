import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, type Activity, type ActivityInput } from '@common/activities';
import { dealActivities } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
let pipelineId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
});
afterAll(() => t.close());

async function newDeal(user = ann, pipeline = pipelineId): Promise<string> {
  const res = await user.post('/api/deals', { name: 'Acme', pipelineId: pipeline, stage: 'Lead' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const valid = (overrides: Partial<ActivityInput> = {}): ActivityInput => ({
  activityType: 'call',
  description: 'Call the buyer',
  dueDate: '2030-03-01T09:30:00+02:00',
  ...overrides,
});

async function addActivity(dealId: string, overrides: Partial<ActivityInput> = {}): Promise<Activity> {
  const res = await ann.post(`/api/deals/${dealId}/activities`, valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const storedOf = (dealId: string) =>
  t.database.db.select().from(dealActivities).where(eq(dealActivities.dealId, dealId));

describe('deal activities', () => {
  it('creates a pending activity owned by and assigned to the signed-in user, with their name', async () => {
    const dealId = await newDeal();
    const activity = await addActivity(dealId, { priority: 'high' });
    expect(activity).toMatchObject({
      dealId,
      activityType: 'call',
      description: 'Call the buyer',
      dueDate: '2030-03-01T07:30:00.000Z',
      priority: 'high',
      status: 'pending',
      completedAt: null,
      assignedUserName: 'ann',
    });
    const [row] = await storedOf(dealId);
    expect(row).toMatchObject({ userId: ann.id, assignedUserId: ann.id, status: 'pending', completedAt: null });
  });

  it('lists a deal’s activities by due date, a page at a time, without skipping or doubling', async () => {
    const dealId = await newDeal();
    const dues = ['2030-01-05T10:00:00Z', '2030-01-01T10:00:00Z', '2030-01-03T10:00:00Z', '2030-01-03T10:00:00Z'];
    for (const dueDate of dues) await addActivity(dealId, { dueDate });
    // Same due date to the microsecond: the id breaks the tie.
    await t.database.db.insert(dealActivities).values(
      Array.from({ length: 3 }, () => ({
        dealId,
        userId: ann.id,
        workspaceId: ann.id,
        activityType: 'email',
        description: 'Batch',
        dueDate: new Date('2030-01-02T00:00:00.000Z'),
      })),
    );
    const seen: Activity[] = [];
    let cursor: string | null = null;
    do {
      const res = await ann.get(
        `/api/deals/${dealId}/activities?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page: { items: Activity[]; nextCursor: string | null } = res.json();
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((a) => a.id)).size).toBe(7);
    const keys = seen.map((a) => `${a.dueDate} ${a.id}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses another user’s activities cursor', async () => {
    const dealId = await newDeal();
    await addActivity(dealId);
    await addActivity(dealId);
    const cursor = (await ann.get(`/api/deals/${dealId}/activities?limit=1`)).json().nextCursor;
    const bobDeal = await newDeal(bob, (await bob.post('/api/pipelines', { name: 'B' })).json().id);
    const res = await bob.get(`/api/deals/${bobDeal}/activities?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
  });

  it('completes an activity once: completing again keeps its completion time', async () => {
    const dealId = await newDeal();
    const activity = await addActivity(dealId);
    const first = await ann.post(`/api/deals/${dealId}/activities/${activity.id}/complete`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const again = await ann.post(`/api/deals/${dealId}/activities/${activity.id}/complete`);
    expect(again.statusCode).toBe(200);
    expect(again.json().completedAt).toBe(first.json().completedAt);
    const [row] = await storedOf(dealId);
    expect(row).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
  });

  it('deletes an activity', async () => {
    const dealId = await newDeal();
    const activity = await addActivity(dealId);
    expect((await ann.delete(`/api/deals/${dealId}/activities/${activity.id}`)).statusCode).toBe(204);
    expect(await storedOf(dealId)).toHaveLength(0);
  });

  it('answers 404 for an activity that is not on the deal named, and changes nothing', async () => {
    const dealA = await newDeal();
    const dealB = await newDeal();
    const activity = await addActivity(dealA);
    expect((await ann.post(`/api/deals/${dealB}/activities/${activity.id}/complete`)).statusCode).toBe(404);
    expect((await ann.delete(`/api/deals/${dealB}/activities/${activity.id}`)).statusCode).toBe(404);
    expect((await ann.delete(`/api/deals/${dealA}/activities/not-a-uuid`)).statusCode).toBe(404);
    expect((await storedOf(dealA))[0]).toMatchObject({ status: 'pending' });
  });

  it('hides a deal’s activities from another user: list, create, complete and delete answer 404', async () => {
    const dealId = await newDeal();
    const activity = await addActivity(dealId);
    const attempts = [
      bob.get(`/api/deals/${dealId}/activities`),
      bob.post(`/api/deals/${dealId}/activities`, valid()),
      bob.post(`/api/deals/${dealId}/activities/${activity.id}/complete`),
      bob.delete(`/api/deals/${dealId}/activities/${activity.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    const stored = await storedOf(dealId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'pending' });
  });

  it.each([
    [{ activityType: 'fax' }, 'activityType', activityMessages.typeInvalid],
    [{ description: '  ' }, 'description', activityMessages.descriptionRequired],
    [{ description: undefined }, 'description', activityMessages.descriptionRequired],
    [{ dueDate: undefined }, 'dueDate', activityMessages.dueRequired],
    [{ dueDate: '2030-03-01' }, 'dueDate', activityMessages.dueRequired],
    [{ priority: 'urgent' }, 'priority', activityMessages.priorityInvalid],
  ])('answers 400 with a field message for %j and stores nothing', async (overrides, field, message) => {
    const dealId = await newDeal();
    const res = await ann.post(`/api/deals/${dealId}/activities`, { ...valid(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await storedOf(dealId)).toHaveLength(0);
  });
});
