import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, type Contact } from '@common/contacts';
import { dealMessages, type Board, type DealDetail } from '@common/deals';
import { contacts, deals } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// Issue 29, owners: a contact or a deal is given to a member of the workspace in its form; the counters (the
// dashboard's cards, the board's column totals) follow the owner, for a member seeing all and one on "own records".

let t: TestApp;
let ann: UserClient;
let cleo: UserClient;
let outsider: UserClient;
let pipelineId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  cleo = await joined(t.app, ann, 'cleo', 'member');
  outsider = await signUp(t.app, 'olga');
  expect((await ann.patch(`/api/workspace/members/${cleo.id}`, { visibility: 'own' })).statusCode).toBe(200);
  pipelineId = (await ann.post('/api/pipelines', { name: 'Sales' })).json().id;
});
afterAll(() => t.close());

const contactOwner = async (id: string) =>
  (await t.database.db.select({ userId: contacts.userId }).from(contacts).where(eq(contacts.id, id)))[0]?.userId;
const dealOwner = async (id: string) =>
  (await t.database.db.select({ userId: deals.userId }).from(deals).where(eq(deals.id, id)))[0]?.userId;

const contactBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: null,
  phone: null,
  company: null,
  ...extra,
});
const dealBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  pipelineId,
  stage: 'Lead',
  value: 100,
  ...extra,
});

/** What a member's screens count: the dashboard's cards, the Lead column of the board, the contacts' total. */
async function countsOf(user: UserClient, pipeline: string) {
  const stats = (await user.get('/api/dashboard')).json().stats;
  const board = (await user.get(`/api/deals/board?pipelineId=${pipeline}`)).json<Board>();
  const lead = board.columns.find((column) => column.stage === 'Lead')!;
  const contactCount = (await user.get('/api/contacts/count')).json().count;
  return {
    contacts: stats.totalContacts,
    contactCount,
    dealValue: Number(stats.totalDealValue),
    leadCount: lead.count,
    leadTotal: lead.total,
    leadCards: lead.items.length,
  };
}

describe('the owner of a contact', () => {
  it('is its creator unless a member of the workspace is chosen, and changes by an update', async () => {
    const own = await ann.post('/api/contacts', contactBody('Grace Hopper'));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<Contact>()).toMatchObject({ ownerId: ann.id, ownerName: 'ann' });

    const given = await ann.post('/api/contacts', contactBody('Alan Turing', { ownerId: cleo.id }));
    expect(given.statusCode, given.body).toBe(201);
    const contact = given.json<Contact>();
    expect(contact).toMatchObject({ ownerId: cleo.id, ownerName: 'cleo' });
    expect(await contactOwner(contact.id)).toBe(cleo.id);
    expect((await ann.get(`/api/contacts/${contact.id}`)).json()).toMatchObject({ ownerId: cleo.id });
    expect((await ann.get(`/api/contacts/${contact.id}/details`)).json().contact).toMatchObject({
      ownerName: 'cleo',
    });

    // Left out, the owner stays; named, it changes.
    const kept = await ann.patch(`/api/contacts/${contact.id}`, contactBody('Alan M. Turing'));
    expect(kept.json()).toMatchObject({ name: 'Alan M. Turing', ownerId: cleo.id });
    const back = await ann.patch(`/api/contacts/${contact.id}`, contactBody('Alan M. Turing', { ownerId: ann.id }));
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ ownerId: ann.id, ownerName: 'ann' });
    expect(await contactOwner(contact.id)).toBe(ann.id);
  });

  it('must be a member of the workspace: anyone else is a 400 on the field, and nothing changes', async () => {
    const body = contactBody('Ada Lovelace', { ownerId: outsider.id });
    const refused = await ann.post('/api/contacts', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: contactMessages.ownerNotMember,
      fields: { ownerId: contactMessages.ownerNotMember },
    });
    const malformed = await ann.post('/api/contacts', { ...body, ownerId: 'someone' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ ownerId: contactMessages.ownerNotMember });
    const names = (await ann.get('/api/contacts?q=Lovelace')).json().items;
    expect(names).toEqual([]);

    const id = (await ann.post('/api/contacts', contactBody('Ada Lovelace'))).json<Contact>().id;
    const update = await ann.patch(`/api/contacts/${id}`, body);
    expect(update.statusCode).toBe(400);
    expect(update.json().fields).toEqual({ ownerId: contactMessages.ownerNotMember });
    expect(await contactOwner(id)).toBe(ann.id);
    expect((await ann.get(`/api/contacts/${id}`)).json().name).toBe('Ada Lovelace');
  });
});

describe('the owner of a deal', () => {
  it('is its creator unless a member of the workspace is chosen, shown on its card, and changes by an update', async () => {
    const created = await ann.post('/api/deals', dealBody('Navy', { ownerId: cleo.id }));
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json<DealDetail>();
    expect(deal).toMatchObject({ ownerId: cleo.id, ownerName: 'cleo' });
    expect(await dealOwner(deal.id)).toBe(cleo.id);
    const card = (await ann.get(`/api/deals/board?pipelineId=${pipelineId}`))
      .json<Board>()
      .columns.flatMap((column) => column.items)
      .find((item) => item.id === deal.id);
    expect(card).toMatchObject({ ownerId: cleo.id, ownerName: 'cleo' });

    const kept = await ann.patch(`/api/deals/${deal.id}`, dealBody('Navy contract'));
    expect(kept.json()).toMatchObject({ name: 'Navy contract', ownerId: cleo.id });
    const mine = (await ann.post('/api/deals', dealBody('Army'))).json<DealDetail>();
    expect(mine).toMatchObject({ ownerId: ann.id, ownerName: 'ann' });
  });

  it('must be a member of the workspace: anyone else is a 400 on the field, and nothing changes', async () => {
    const refused = await ann.post('/api/deals', dealBody('Air Force', { ownerId: outsider.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: dealMessages.ownerNotMember,
      fields: { ownerId: dealMessages.ownerNotMember },
    });
    const id = (await ann.post('/api/deals', dealBody('Air Force'))).json<DealDetail>().id;
    const update = await ann.patch(`/api/deals/${id}`, dealBody('Air Force', { ownerId: outsider.id, value: 5 }));
    expect(update.statusCode).toBe(400);
    expect(update.json().fields).toEqual({ ownerId: dealMessages.ownerNotMember });
    expect(await dealOwner(id)).toBe(ann.id);
    expect((await ann.get(`/api/deals/${id}`)).json().value).toBe(100);
  });
});

describe('counters after an owner change', () => {
  it('stay right for a member seeing all and for one on "own records", both ways', async () => {
    // A workspace of its own, so the figures are this test's alone.
    const owner = await signUp(t.app, 'dora');
    const colleague = await joined(t.app, owner, 'eve', 'member');
    expect((await owner.patch(`/api/workspace/members/${colleague.id}`, { visibility: 'own' })).statusCode).toBe(200);
    const pipeline = (await owner.post('/api/pipelines', { name: 'Sales' })).json().id;
    const dealOf = (name: string, extra: Record<string, unknown>) => dealBody(name, { pipelineId: pipeline, ...extra });
    const contact = (await owner.post('/api/contacts', contactBody('Grace Hopper'))).json<Contact>();
    const deal = (await owner.post('/api/deals', dealOf('Navy', { value: 250 }))).json<DealDetail>();
    await owner.post('/api/deals', dealOf('Army', { value: 50 }));

    const everything = {
      contacts: 1,
      contactCount: 1,
      dealValue: 300,
      leadCount: 2,
      leadTotal: 300,
      leadCards: 2,
    };
    const nothing = { contacts: 0, contactCount: 0, dealValue: 0, leadCount: 0, leadTotal: 0, leadCards: 0 };
    expect(await countsOf(owner, pipeline)).toEqual(everything);
    expect(await countsOf(colleague, pipeline)).toEqual(nothing);

    // Given to the colleague: the workspace's figures stay, the colleague's now count them.
    expect(
      (await owner.patch(`/api/contacts/${contact.id}`, contactBody(contact.name, { ownerId: colleague.id })))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.patch(`/api/deals/${deal.id}`, dealOf(deal.name, { value: 250, ownerId: colleague.id }))).statusCode,
    ).toBe(200);
    expect(await countsOf(owner, pipeline)).toEqual(everything);
    const theirs = { contacts: 1, contactCount: 1, dealValue: 250, leadCount: 1, leadTotal: 250, leadCards: 1 };
    expect(await countsOf(colleague, pipeline)).toEqual(theirs);
    expect((await colleague.get(`/api/contacts/${contact.id}`)).statusCode).toBe(200);

    // The colleague hands the deal back: it leaves their board at once, the answer still shows it.
    const handed = await colleague.patch(`/api/deals/${deal.id}`, dealOf(deal.name, { value: 250, ownerId: owner.id }));
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ id: deal.id, ownerId: owner.id, ownerName: 'dora' });
    expect((await colleague.get(`/api/deals/${deal.id}`)).statusCode).toBe(404);
    expect(await countsOf(colleague, pipeline)).toEqual({
      ...theirs,
      dealValue: 0,
      leadCount: 0,
      leadTotal: 0,
      leadCards: 0,
    });
    expect(await countsOf(owner, pipeline)).toEqual(everything);
  });
});
