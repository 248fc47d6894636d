import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The contacts screen's search box and the deal form's contact picker search on the server: GET /api/contacts?q=.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  await t.database.db.insert(contacts).values([
    { userId: ann.id, workspaceId: ann.id, name: 'Grace Hopper', email: 'grace@navy.mil', company: 'US Navy' },
    { userId: ann.id, workspaceId: ann.id, name: 'Ada Lovelace', email: 'ada@engine.org', company: 'Analytical' },
    { userId: ann.id, workspaceId: ann.id, name: 'Alan Turing', email: null, company: 'Bletchley' },
    { userId: ann.id, workspaceId: ann.id, name: 'Percent 100% Sure', email: 'p@example.com', company: null },
    { userId: ann.id, workspaceId: ann.id, name: 'Under_score', email: 'u@example.com', company: null },
    { userId: ann.id, workspaceId: ann.id, name: 'Navy Seal', email: null, company: null },
    { userId: ann.id, workspaceId: ann.id, name: 'Phone Only', email: null, company: null, phone: '+44 20 7946 0958' },
    { userId: bob.id, workspaceId: bob.id, name: 'Bob Navy', email: 'bob@navy.mil', company: 'Navy' },
  ]);
});
afterAll(() => t.close());

const names = async (user: UserClient, query: string) => {
  const res = await user.get(`/api/contacts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Array<{ name: string }>).map((c) => c.name);
};

describe('contact search', () => {
  it('matches name, email, company or phone, whatever the case, in name order', async () => {
    expect(await names(ann, 'q=NAVY')).toEqual(['Grace Hopper', 'Navy Seal']);
    expect(await names(ann, 'q=lovelace')).toEqual(['Ada Lovelace']);
    expect(await names(ann, 'q=engine')).toEqual(['Ada Lovelace']);
    expect(await names(ann, 'q=bletch')).toEqual(['Alan Turing']);
    expect(await names(ann, `q=${encodeURIComponent('7946 0958')}`)).toEqual(['Phone Only']);
    expect(await names(ann, `q=${encodeURIComponent('+44')}`)).toEqual(['Phone Only']);
  });

  it('answers a match as the list does, every field', async () => {
    const listed = (await ann.get('/api/contacts?limit=50')).json().items as Array<{ name: string }>;
    const found = (await ann.get('/api/contacts?q=lovelace')).json().items;
    expect(found).toEqual(listed.filter((contact) => contact.name === 'Ada Lovelace'));
    expect(found[0]).toMatchObject({ email: 'ada@engine.org', company: 'Analytical', phone: null });
    expect(found[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('trims the term, and lists everything for an empty one', async () => {
    expect(await names(ann, 'q=%20%20lovelace%20')).toEqual(['Ada Lovelace']);
    expect(await names(ann, 'q=%20')).toHaveLength(7);
  });

  it('treats LIKE wildcards in the term as plain characters', async () => {
    expect(await names(ann, 'q=%25')).toEqual(['Percent 100% Sure']);
    expect(await names(ann, 'q=_')).toEqual(['Under_score']);
    expect(await names(ann, `q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('never finds another user’s contacts', async () => {
    expect(await names(bob, 'q=grace')).toEqual([]);
    expect(await names(ann, 'q=bob')).toEqual([]);
  });

  it('pages the matches by cursor', async () => {
    const first = (await ann.get('/api/contacts?q=a&limit=2')).json();
    const second = (await ann.get(`/api/contacts?q=a&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    const all = await names(ann, 'q=a&limit=50');
    expect([...first.items, ...second.items].map((c: { name: string }) => c.name)).toEqual(all.slice(0, 4));
  });

  it('refuses a term longer than 100 characters', async () => {
    const res = await ann.get(`/api/contacts?q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ q: 'Search must be at most 100 characters' });
  });
});
