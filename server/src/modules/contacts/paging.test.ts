import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '@common/http';
import { contacts } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// Keyset paging of the contacts list: the pattern every list of the product copies.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

interface Page {
  items: Array<{ id: string; name: string }>;
  nextCursor: string | null;
}

async function page(user: UserClient, limit: number, cursor?: string | null): Promise<Page> {
  const res = await user.get(`/api/contacts?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function allPages(user: UserClient, limit: number): Promise<Page[]> {
  const pages = [await page(user, limit)];
  while (pages.at(-1)!.nextCursor) pages.push(await page(user, limit, pages.at(-1)!.nextCursor));
  return pages;
}

const seed = (userId: string, names: string[]) =>
  t.database.db
    .insert(contacts)
    .values(names.map((name) => ({ userId, workspaceId: userId, name })))
    .returning({ id: contacts.id, name: contacts.name });

describe('contact pages by cursor', () => {
  it('walks every contact once, in a stable order, also when many share a name', async () => {
    const user = await signUp(t.app, 'cy');
    const rows = await seed(user.id, [...Array(7).fill('Same Name'), 'Aaron', 'Zoe', ...Array(4).fill('Mid')]);
    const pages = await allPages(user, 3);
    const walked = pages.flatMap((p) => p.items);
    const expected = [...rows].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
    expect(walked.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(pages).toHaveLength(5);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((p) => p.items.length === 3 && p.nextCursor)).toBe(true);
  });

  it('gives the last page no cursor, also when it is exactly full', async () => {
    const user = await signUp(t.app, 'dee');
    await seed(user.id, ['A', 'B', 'C', 'D']);
    const pages = await allPages(user, 2);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2]);
    expect(pages[1]!.nextCursor).toBeNull();
  });

  it('neither skips nor doubles a row when rows are added between pages', async () => {
    const user = await signUp(t.app, 'eli');
    await seed(user.id, ['B', 'D', 'F', 'H']);
    const first = await page(user, 2);
    expect(first.items.map((c) => c.name)).toEqual(['B', 'D']);
    // One row before the cursor (already passed), one after it (still to come).
    await seed(user.id, ['A', 'E']);
    const second = await page(user, 2, first.nextCursor);
    const third = await page(user, 2, second.nextCursor);
    expect([...second.items, ...third.items].map((c) => c.name)).toEqual(['E', 'F', 'H']);
    expect(third.nextCursor).toBeNull();
  });

  it('refuses another user’s cursor with 400 and never shows their rows', async () => {
    await seed(ann.id, ['Ann One', 'Ann Two', 'Ann Three']);
    await seed(bob.id, ['Bob One', 'Bob Two', 'Bob Three']);
    const annCursor = (await page(ann, 1)).nextCursor!;
    const res = await bob.get(`/api/contacts?limit=1&cursor=${encodeURIComponent(annCursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } });
    expect(res.body).not.toContain('Ann');
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['a changed payload', 'forge'],
    [
      'an unsigned position',
      Buffer.from(JSON.stringify(['A', '00000000-0000-0000-0000-000000000000'])).toString('base64url'),
    ],
    ['an empty signature', 'W10.'],
  ])('refuses %s with 400', async (_label, cursor) => {
    let value = cursor;
    if (cursor === 'forge') {
      const real = (await page(ann, 1)).nextCursor!;
      const [, signature] = real.split('.');
      value = `${Buffer.from(JSON.stringify(['', '00000000-0000-0000-0000-000000000000'])).toString('base64url')}.${signature}`;
    }
    const res = await ann.get(`/api/contacts?cursor=${encodeURIComponent(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ cursor: 'Invalid cursor' });
  });

  it('counts up to the cap and says when there are more', async () => {
    const user = await signUp(t.app, 'fin');
    const many = Array.from({ length: COUNT_CAP + 5 }, (_, i) => ({
      userId: user.id,
      workspaceId: user.id,
      name: `Person ${i}`,
    }));
    for (let i = 0; i < many.length; i += 2000) await t.database.db.insert(contacts).values(many.slice(i, i + 2000));
    expect((await user.get('/api/contacts/count')).json()).toEqual({ count: COUNT_CAP, hasMore: true });
    await t.database.db.delete(contacts).where(eq(contacts.userId, user.id));
    expect((await user.get('/api/contacts/count')).json()).toEqual({ count: 0, hasMore: false });
  });
});
