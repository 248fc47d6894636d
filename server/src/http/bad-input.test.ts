import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../test/test-app';

// Whatever a client sends, the answer is a clear 4xx with `{ error }`, never a 500.
// Later areas add their routes to this list.

let t: TestApp;
let user: UserClient;
let contactId: string;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app, 'fuzz');
  contactId = (await user.post('/api/contacts', { name: 'Target' })).json().id;
});
afterAll(() => t.close());

const writeRoutes = () =>
  [
    ['POST', '/api/auth/sign-up'],
    ['POST', '/api/auth/sign-in'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/contacts'],
    ['PATCH', `/api/contacts/${contactId}`],
    ['PATCH', '/api/contacts/00000000-0000-0000-0000-000000000000'],
  ] as const;

const readRoutes = [
  '/api/contacts?limit=-1',
  '/api/contacts?limit=abc&cursor=1e99',
  '/api/contacts?limit=1&limit=2',
  '/api/contacts?cursor=%00',
  '/api/contacts?cursor=a.b.c',
  '/api/contacts?cursor[x]=1',
  '/api/contacts?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/api/contacts/count?x=%00',
  '/api/contacts/%00',
  `/api/contacts/${'a'.repeat(5000)}`,
  '/api/me?x[y][z]=1',
];

const badBodies: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  { name: {} },
  { name: [] },
  { name: null },
  { name: 1e308 },
  { name: '😀'.repeat(300) },
  { email: { $ne: '' }, password: { $gt: '' } },
  { name: 'x', email: ['a@b.c'] },
  { constructor: { prototype: { admin: true } } },
  JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200)),
];

describe('bad input never causes a server error', () => {
  it.each(badBodies.map((body) => [JSON.stringify(body).slice(0, 40), body]))(
    'write routes with %s',
    async (_label, body) => {
      for (const [method, url] of writeRoutes()) {
        const res = await t.app.inject({
          method,
          url,
          payload: JSON.stringify(body),
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error, `${method} ${url}`).toBeTypeOf('string');
      }
    },
  );

  it.each(readRoutes)('GET %s', async (url) => {
    const res = await user.get(url);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('leaves the data as it was', async () => {
    const res = await user.get(`/api/contacts/${contactId}`);
    expect(res.json().name).toBe('Target');
  });
});
