import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_WEBSITE_MAX, type Contact } from '@common/contacts';
import { fieldMessages } from '@common/form-rules';
import { contacts } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// A contact's website (part 2 §3: the forms can map a submission to it): an http(s) address or nothing,
// read by the contact's own screens, left out of the list.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0];

async function create(body: Record<string, unknown>): Promise<Contact> {
  const res = await ann.post('/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Contact>();
}

describe('a contact’s website', () => {
  it('is stored trimmed, and an empty one as null', async () => {
    const grace = await create({ name: 'Grace', website: '  https://navy.example/grace  ' });
    expect(grace.website).toBe('https://navy.example/grace');
    expect((await rowOf(grace.id))?.website).toBe('https://navy.example/grace');
    expect((await create({ name: 'Alan', website: '   ' })).website).toBeNull();
    expect((await create({ name: 'Ada' })).website).toBeNull();
  });

  it('is read with the contact and its details, but not by the list', async () => {
    const { id } = await create({ name: 'Linus', website: 'http://kernel.example' });
    expect((await ann.get(`/api/contacts/${id}`)).json().website).toBe('http://kernel.example');
    expect((await ann.get(`/api/contacts/${id}/details`)).json().contact.website).toBe('http://kernel.example');
    const listed = (await ann.get('/api/contacts?q=Linus')).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('website');
  });

  it('is kept by an update that leaves it out, changed by one that sends it, and cleared by an empty one', async () => {
    const { id } = await create({ name: 'Barbara', website: 'https://one.example' });
    const kept = await ann.patch(`/api/contacts/${id}`, { name: 'Barbara L.' });
    expect(kept.json()).toMatchObject({ name: 'Barbara L.', website: 'https://one.example' });
    const changed = await ann.patch(`/api/contacts/${id}`, { name: 'Barbara L.', website: 'https://two.example' });
    expect(changed.json().website).toBe('https://two.example');
    const cleared = await ann.patch(`/api/contacts/${id}`, { name: 'Barbara L.', website: '' });
    expect(cleared.json().website).toBeNull();
    expect((await rowOf(id))?.website).toBeNull();
  });

  it.each([
    ['no scheme', 'example.com', fieldMessages.url],
    ['another scheme', 'ftp://files.example', fieldMessages.url],
    ['script', 'javascript:alert(1)', fieldMessages.url],
    ['no host', 'https://', fieldMessages.url],
    ['spaces inside', 'https://exa mple.com', fieldMessages.url],
    ['a number', 42, fieldMessages.url],
    [
      'too long',
      `https://example.com/${'a'.repeat(CONTACT_WEBSITE_MAX)}`,
      `Must be at most ${CONTACT_WEBSITE_MAX} characters`,
    ],
  ])('refuses %s with 400 and a message beside the field, changing nothing', async (_, website, message) => {
    const { id } = await create({ name: 'Kept', website: 'https://kept.example' });
    const created = await ann.post('/api/contacts', { name: 'Refused', website });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ website: expect.any(String) });
    if (typeof website === 'string') expect(created.json().fields.website).toBe(message);
    const updated = await ann.patch(`/api/contacts/${id}`, { name: 'Kept', website });
    expect(updated.statusCode).toBe(400);
    expect((await rowOf(id))?.website).toBe('https://kept.example');
    expect((await ann.get('/api/contacts?q=Refused')).json().items).toEqual([]);
  });
});
