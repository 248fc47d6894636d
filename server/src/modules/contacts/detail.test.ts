import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DETAIL_LIMIT, type ContactDetail } from '@common/contacts';
import { deals, tasks } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The contact screen: the contact, its deals and the tasks of those deals in one answer.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
let annPipeline: string;
let bobPipeline: string;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  annPipeline = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
  bobPipeline = (await bob.post('/api/pipelines', { name: 'Bob Sales' })).json().id;
});
afterAll(() => t.close());

const newContact = async (user: UserClient, name: string): Promise<string> =>
  (await user.post('/api/contacts', { name, email: `${name.toLowerCase()}@example.com` })).json<{ id: string }>().id;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function details(user: UserClient, id: string): Promise<ContactDetail> {
  const res = await user.get(`/api/contacts/${id}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('contact details', () => {
  it('answers the contact with its deals newest first, their pipeline, and the tasks of those deals by due date', async () => {
    const contact = await newContact(ann, 'Grace');
    const other = await newContact(ann, 'Other');
    const [older, newer] = await t.database.db
      .insert(deals)
      .values([
        {
          userId: ann.id,
          workspaceId: ann.id,
          name: 'Older',
          pipelineId: annPipeline,
          contactId: contact,
          createdAt: minutesAgo(10),
        },
        {
          userId: ann.id,
          workspaceId: ann.id,
          name: 'Newer',
          pipelineId: annPipeline,
          contactId: contact,
          stage: 'Won',
          value: '1234.50',
          currency: 'EUR',
          createdAt: minutesAgo(5),
        },
      ])
      .returning({ id: deals.id });
    const [elsewhere] = await t.database.db
      .insert(deals)
      .values({ userId: ann.id, workspaceId: ann.id, name: 'Elsewhere', pipelineId: annPipeline, contactId: other })
      .returning({ id: deals.id });
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);
    await t.database.db.insert(tasks).values([
      { userId: ann.id, workspaceId: ann.id, name: 'No date', dealId: older!.id },
      { userId: ann.id, workspaceId: ann.id, name: 'Later', dealId: newer!.id, dueDate: inDays(5) },
      {
        userId: ann.id,
        workspaceId: ann.id,
        name: 'Sooner',
        dealId: older!.id,
        dueDate: inDays(1),
        status: 'In Progress',
      },
      // Another user's task on Ann's deal, assigned to her: she sees it; not assigned to her: she does not.
      {
        userId: bob.id,
        workspaceId: ann.id,
        assignedUserId: ann.id,
        name: 'Assigned',
        dealId: newer!.id,
        dueDate: inDays(3),
      },
      { userId: bob.id, workspaceId: bob.id, name: 'Bob’s own', dealId: newer!.id, dueDate: inDays(2) },
      { userId: ann.id, workspaceId: ann.id, name: 'Other contact’s', dealId: elsewhere!.id, dueDate: inDays(1) },
      { userId: ann.id, workspaceId: ann.id, name: 'No deal', dueDate: inDays(1) },
    ]);

    const detail = await details(ann, contact);
    expect(detail.contact).toMatchObject({ id: contact, name: 'Grace', email: 'grace@example.com' });
    expect(detail.dealCount).toBe(2);
    expect(detail.deals).toEqual([
      {
        id: newer!.id,
        name: 'Newer',
        stage: 'Won',
        value: '1234.50',
        currency: 'EUR',
        pipelineId: annPipeline,
        pipelineName: 'Sales',
      },
      {
        id: older!.id,
        name: 'Older',
        stage: 'Lead',
        value: null,
        currency: 'USD',
        pipelineId: annPipeline,
        pipelineName: 'Sales',
      },
    ]);
    expect(detail.tasks.map((task) => [task.name, task.dealName])).toEqual([
      ['Sooner', 'Older'],
      ['Assigned', 'Newer'],
      ['Later', 'Newer'],
      ['No date', 'Older'],
    ]);
    expect(detail.tasks[0]).toMatchObject({ status: 'In Progress', dueDate: expect.stringMatching(/Z$/) });
    expect(detail.tasks[3]!.dueDate).toBeNull();
  });

  it('answers a contact without deals with empty lists', async () => {
    const contact = await newContact(ann, 'Lonely');
    expect(await details(ann, contact)).toMatchObject({ deals: [], dealCount: 0, tasks: [] });
  });

  it('lists at most the limit of deals and tasks, and counts all the deals', async () => {
    const contact = await newContact(ann, 'Busy');
    const many = CONTACT_DETAIL_LIMIT + 3;
    const rows = await t.database.db
      .insert(deals)
      .values(
        Array.from({ length: many }, (_, i) => ({
          userId: ann.id,
          workspaceId: ann.id,
          name: `Deal ${i}`,
          pipelineId: annPipeline,
          contactId: contact,
          createdAt: minutesAgo(many - i),
        })),
      )
      .returning({ id: deals.id });
    await t.database.db
      .insert(tasks)
      .values(rows.map((row, i) => ({ userId: ann.id, workspaceId: ann.id, name: `Task ${i}`, dealId: row.id })));
    const detail = await details(ann, contact);
    expect(detail.dealCount).toBe(many);
    expect(detail.deals).toHaveLength(CONTACT_DETAIL_LIMIT);
    expect(detail.deals[0]!.name).toBe(`Deal ${many - 1}`);
    expect(detail.tasks).toHaveLength(CONTACT_DETAIL_LIMIT);
  });

  it('hides another user’s contact, answering 404', async () => {
    const contact = await newContact(ann, 'Secret');
    const res = await bob.get(`/api/contacts/${contact}/details`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret');
    expect((await ann.get('/api/contacts/not-a-uuid/details')).statusCode).toBe(404);
    expect((await ann.get('/api/contacts/00000000-0000-0000-0000-000000000000/details')).statusCode).toBe(404);
  });

  it('shows only the user’s own deals, even one of another user pointing at the contact', async () => {
    const contact = await newContact(ann, 'Shared');
    await t.database.db
      .insert(deals)
      .values({ userId: bob.id, workspaceId: bob.id, name: 'Bob’s deal', pipelineId: bobPipeline, contactId: contact });
    expect(await details(ann, contact)).toMatchObject({ deals: [], dealCount: 0 });
  });

  it('keeps a deleted contact’s deals, without a contact', async () => {
    const contact = await newContact(ann, 'Leaving');
    const deal = await ann.post('/api/deals', {
      name: 'Stays',
      pipelineId: annPipeline,
      stage: 'Lead',
      contactId: contact,
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const dealId = deal.json().id as string;
    await t.database.db.insert(tasks).values({ userId: ann.id, workspaceId: ann.id, name: 'Still here', dealId });
    expect((await details(ann, contact)).dealCount).toBe(1);

    expect((await ann.delete(`/api/contacts/${contact}`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(row).toMatchObject({ name: 'Stays', contactId: null, pipelineId: annPipeline });
    expect((await ann.get(`/api/deals/${dealId}`)).json()).toMatchObject({ contactId: null, contactName: null });
    const kept = await t.database.db
      .select()
      .from(tasks)
      .where(inArray(tasks.dealId, [dealId]));
    expect(kept.map((task) => task.name)).toEqual(['Still here']);
    expect((await ann.get(`/api/contacts/${contact}/details`)).statusCode).toBe(404);
  });
});
