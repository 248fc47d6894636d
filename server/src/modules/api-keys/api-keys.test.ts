import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyAreaOf, apiKeyMessages } from '@common/api-keys';
import { forgetMemberships } from '../../db/membership-cache';
import { apiKeys } from '../../db/schema';
import { allAreas, createKey, keyClient } from '../../test/api-key-kit';
import { routeCases } from '../../test/isolation-cases';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

describe('API keys: signing in with a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the secret once and stores only its SHA-256', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = await createKey(ann, { contacts: 'read' }, { name: '  Zapier  ', expiresInDays: 30 });
    expect(key.secret).toMatch(/^pw_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Zapier', prefix: key.secret.slice(0, 11), scopes: { contacts: 'read' } });
    expect(new Date(key.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const list = (await ann.get('/api/api-keys')).json();
    expect(list.items).toEqual([{ ...key, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(JSON.stringify(list)).not.toContain(key.secret);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(11));
  });

  it('reads and writes within its scopes, as its member', async () => {
    const ann = await signUp(t.app, 'ann');
    await ann.post('/api/contacts', { name: 'Grace Hopper' });
    const reader = keyClient(t.app, (await createKey(ann, { contacts: 'read' })).secret);
    const list = await reader.get('/api/contacts');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['Grace Hopper']);

    const write = await reader.post('/api/contacts', { name: 'Ada' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('This API key cannot change contacts.');
    const deals = await reader.get('/api/pipelines');
    expect(deals.statusCode).toBe(403);
    expect(deals.json().error).toBe('This API key cannot read deals.');

    const writer = keyClient(t.app, (await createKey(ann, { contacts: 'write' })).secret);
    const created = await writer.post('/api/contacts', { name: 'Ada Lovelace' });
    expect(created.statusCode).toBe(201);
    expect((await ann.get(`/api/contacts/${created.json().id}`)).json().userId ?? ann.id).toBe(ann.id);
    expect((await writer.get('/api/contacts')).json().items).toHaveLength(2);
  });

  it('refuses every route outside the areas, whatever its scopes', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = keyClient(t.app, (await createKey(ann, allAreas)).secret);
    for (const url of [
      '/api/me',
      '/api/profile/availability',
      '/api/settings/ai',
      '/api/api-keys',
      '/api/email-accounts',
      '/api/workspace/people',
      '/api/search?q=a',
      '/api/notifications',
      '/api/calendar/integration',
    ]) {
      const res = await key.get(url);
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, apiKeyMessages.notForKeys]);
    }
    const another = await key.post('/api/api-keys', { name: 'More', scopes: allAreas });
    expect(another.statusCode).toBe(403);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, ann.id))).toBe(1);
    // The web app's session check reads no cookie beside a key: no one is signed in.
    expect((await key.get('/api/session', { cookie: ann.cookie })).json()).toEqual({ user: null });
  });

  it('answers 401 to an unknown, malformed, expired or revoked key', async () => {
    const ann = await signUp(t.app, 'ann');
    const unknown = await keyClient(t.app, 'pw_' + 'x'.repeat(43)).get('/api/contacts');
    expect([unknown.statusCode, unknown.json().error]).toEqual([401, apiKeyMessages.invalidKey]);
    const basic = await t.app.inject({ url: '/api/contacts', headers: { authorization: 'Basic YTpi' } });
    expect([basic.statusCode, basic.json().error]).toEqual([401, apiKeyMessages.notBearer]);

    const expiring = await createKey(ann, { contacts: 'read' }, { expiresInDays: 30 });
    expect((await keyClient(t.app, expiring.secret).get('/api/contacts')).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expiring.id));
    // Changed behind the server's back: a process hears it when the database announces it; this one forgets now.
    forgetMemberships(t.database.db);
    const expired = await keyClient(t.app, expiring.secret).get('/api/contacts');
    expect([expired.statusCode, expired.json().error]).toEqual([401, apiKeyMessages.invalidKey]);

    const revoking = await createKey(ann, { contacts: 'read' });
    const client = keyClient(t.app, revoking.secret);
    expect((await client.get('/api/contacts')).statusCode).toBe(200);
    expect((await ann.delete(`/api/api-keys/${revoking.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/contacts')).statusCode).toBe(401);
    expect((await ann.delete(`/api/api-keys/${revoking.id}`)).statusCode).toBe(404);
  });

  it('is never taken from the query string', async () => {
    const ann = await signUp(t.app, 'ann');
    const { secret } = await createKey(ann, { contacts: 'read' });
    for (const name of ['api_key', 'key', 'token', 'access_token', 'apiKey']) {
      const res = await t.app.inject({ url: `/api/contacts?${name}=${secret}` });
      expect([name, res.statusCode]).toEqual([name, 401]);
    }
  });

  it('acts as its own member only, ignoring a cookie sent beside it', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await ann.post('/api/contacts', { name: 'Ann’s contact' });
    await bob.post('/api/contacts', { name: 'Bob’s contact' });
    const annKey = keyClient(t.app, (await createKey(ann, { contacts: 'write' })).secret);
    const withBobCookie = await annKey.get('/api/contacts', { cookie: bob.cookie });
    expect(withBobCookie.json().items.map((c: { name: string }) => c.name)).toEqual(['Ann’s contact']);
    const written = await annKey.post('/api/contacts', { name: 'By key' }, { cookie: bob.cookie });
    expect(written.statusCode).toBe(201);
    expect((await bob.get('/api/contacts')).json().items).toHaveLength(1);
    expect((await ann.get('/api/contacts')).json().items).toHaveLength(2);
    // A bad key with a good cookie is still a bad key: the cookie is not a fallback.
    const bad = await keyClient(t.app, 'pw_nope').get('/api/contacts', { cookie: bob.cookie });
    expect(bad.statusCode).toBe(401);
  });

  it('skips the Origin check only without a cookie', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = keyClient(t.app, (await createKey(ann, { contacts: 'write' })).secret);
    const foreign = { origin: 'https://elsewhere.example' };
    expect((await key.post('/api/contacts', { name: 'From a tool' }, foreign)).statusCode).toBe(201);
    const withCookie = await key.post('/api/contacts', { name: 'Riding along' }, { ...foreign, cookie: ann.cookie });
    expect(withCookie.statusCode).toBe(403);
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { ...foreign, cookie: ann.cookie },
      payload: { name: 'Cross-site' },
    });
    expect(cookieOnly.statusCode).toBe(403);
    expect((await ann.get('/api/contacts')).json().items.map((c: { name: string }) => c.name)).toEqual(['From a tool']);
  });

  it('notes its last use at most once a minute', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = await createKey(ann, { contacts: 'read' });
    const client = keyClient(t.app, key.secret);
    await client.get('/api/contacts');
    const first = (await ann.get('/api/api-keys')).json().items[0].lastUsedAt;
    expect(first).not.toBeNull();
    await client.get('/api/contacts');
    expect((await ann.get('/api/api-keys')).json().items[0].lastUsedAt).toBe(first);
  });
});

describe('API keys: every signed-in route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // The isolation matrix's table lists every route of the server (it fails on one it lacks), so a new route is
  // walked here too: a route outside the areas refuses a key with every scope, one inside lets it through.
  it('refuses a key outside the areas and lets it into them', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = await createKey(ann, allAreas);
    const id = '00000000-0000-4000-8000-000000000000';
    let refused = 0;
    for (const [route, entry] of Object.entries(routeCases)) {
      if ('public' in entry) continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = path.replace(/:[A-Za-z]+/g, id);
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key.secret}` },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      const answer = [route, res.statusCode, res.statusCode === 403 ? res.json().error : null];
      if (apiKeyAreaOf(path)) {
        expect(res.statusCode, route).not.toBe(401);
        expect(answer).not.toEqual([route, 403, apiKeyMessages.notForKeys]);
      } else {
        // A query or body is checked before anyone is signed in (as for a session): a 400 reaches nothing either.
        expect([route, [400, 403].includes(res.statusCode)]).toEqual([route, true]);
        if (res.statusCode === 403) expect(answer).toEqual([route, 403, apiKeyMessages.notForKeys]);
        if (res.statusCode === 403) refused++;
      }
    }
    expect(refused).toBeGreaterThan(30);
  });
});
