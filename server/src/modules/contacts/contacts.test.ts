import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@common/contacts';
import { contacts } from '../../db/schema';
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

const rowsOf = (userId: string) => t.database.db.select().from(contacts).where(eq(contacts.userId, userId));

describe('contacts', () => {
  it('creates a contact with trimmed values and empty ones stored as null', async () => {
    const res = await ann.post('/api/contacts', { name: '  Grace Hopper ', email: ' ', phone: '', company: ' Navy ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Grace Hopper', email: null, phone: null, company: 'Navy' });
    const [row] = (await rowsOf(ann.id)).filter((r) => r.id === res.json().id);
    expect(row).toMatchObject({ name: 'Grace Hopper', email: null, phone: null, company: 'Navy' });
  });

  it('lists only its owner’s contacts, ordered by name, a page at a time', async () => {
    for (const name of ['Zed', 'Alan', 'Mia']) await ann.post('/api/contacts', { name });
    const page = await ann.get('/api/contacts?limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((c: { name: string }) => c.name)).toEqual(['Alan', 'Grace Hopper']);
    expect(page.json().nextCursor).toEqual(expect.any(String));
    expect((await ann.get('/api/contacts/count')).json()).toEqual({ count: 4, hasMore: false });
    expect((await bob.get('/api/contacts')).json()).toEqual({ items: [], nextCursor: null });
    expect((await bob.get('/api/contacts/count')).json()).toEqual({ count: 0, hasMore: false });
  });

  it('hides a contact from anyone but its owner, answering 404', async () => {
    const { id } = (await ann.post('/api/contacts', { name: 'Private' })).json();
    expect((await bob.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await bob.patch(`/api/contacts/${id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await ann.get(`/api/contacts/${id}`)).json().name).toBe('Private');
  });

  it('updates and deletes its own contacts', async () => {
    const { id } = (await ann.post('/api/contacts', { name: 'Old' })).json();
    const updated = await ann.patch(`/api/contacts/${id}`, { name: 'New', email: 'new@example.com' });
    expect(updated.json()).toMatchObject({ name: 'New', email: 'new@example.com' });
    expect((await ann.delete(`/api/contacts/${id}`)).statusCode).toBe(204);
    expect((await ann.get(`/api/contacts/${id}`)).statusCode).toBe(404);
  });

  it.each([
    [{}, 'name', contactMessages.nameRequired],
    [{ name: '   ' }, 'name', contactMessages.nameRequired],
    [{ name: 7 }, 'name', contactMessages.nameRequired],
    [{ name: 'A', email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
  ])('answers 400 with a field message for %j and stores nothing', async (body, field, message) => {
    const before = (await rowsOf(bob.id)).length;
    const res = await bob.post('/api/contacts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await rowsOf(bob.id)).toHaveLength(before);
  });

  it('answers 400 for a body that is not JSON, 413 for an oversize one, 404 for a malformed id', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: '{"name":',
      headers: { cookie: ann.cookie, 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTypeOf('string');
    const huge = await ann.post('/api/contacts', { name: 'x', company: 'y'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect((await ann.get('/api/contacts/not-a-uuid')).statusCode).toBe(404);
    const nul = await ann.post('/api/contacts', { name: 'Null\u0000Byte' });
    expect(nul.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: '{"name":"P","__proto__":{"x":1}}',
      headers: { cookie: ann.cookie, 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
    expect((await ann.get('/api/contacts?limit=100000')).statusCode).toBe(400);
    expect((await ann.get(`/api/contacts?cursor=${'x'.repeat(501)}`)).statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(res.statusCode).toBe(401);
  });
});
