import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PER_MEMBER, apiKeyMessages } from '@common/api-keys';
import { buildApp } from '../../app';
import { apiKeys } from '../../db/schema';
import { createKey, keyClient } from '../../test/api-key-kit';
import { buildTestApp, signUp, testConfig, type TestApp } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

describe('API keys: limits, isolation and bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ apiKeyRequestsPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('limits each key to its requests a minute, with the limit headers', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = keyClient(t.app, (await createKey(ann, { contacts: 'read' })).secret);
    const first = await key.get('/api/contacts');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    await key.get('/api/contacts');
    await key.get('/api/contacts');
    const limited = await key.get('/api/contacts');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(apiKeyMessages.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another key of the same member counts on its own, and the member's session is not limited.
    const other = keyClient(t.app, (await createKey(ann, { contacts: 'read' })).secret);
    expect((await other.get('/api/contacts')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ann.get('/api/contacts')).statusCode).toBe(200);
    expect((await ann.get('/api/contacts')).headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers 404 for another member’s key and never lists it', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    const annKey = await createKey(ann, { contacts: 'read' });
    expect((await bob.delete(`/api/api-keys/${annKey.id}`)).statusCode).toBe(404);
    expect((await bob.get('/api/api-keys')).json().items).toEqual([]);
    expect((await ann.get('/api/api-keys')).json().items).toHaveLength(1);
    // A colleague in the same workspace does not see or revoke it either.
    const cat = await joined(t.app, ann, 'cat', 'admin');
    expect((await cat.delete(`/api/api-keys/${annKey.id}`)).statusCode).toBe(404);
    expect((await cat.get('/api/api-keys')).json().items).toEqual([]);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.id, annKey.id))).toBe(1);
  });

  it('works in its own workspace only, and ends with its member’s membership', async () => {
    const ann = await signUp(t.app, 'ann');
    await ann.post('/api/contacts', { name: 'Team contact' });
    const bob = await joined(t.app, ann, 'bob', 'member');
    await bob.post('/api/contacts', { name: 'Bob’s own' });
    const bobKey = await createKey(bob, { contacts: 'read' });
    // Bob switches back to his own workspace: the key still reads the team's, the one it was made in.
    const own = (await bob.get('/api/workspaces')).json().items.find((w: { id: string }) => w.id === bob.id);
    expect((await bob.post('/api/workspaces/current', { workspaceId: own.id })).statusCode).toBe(200);
    await bob.post('/api/contacts', { name: 'Bob’s private' });
    const read = await keyClient(t.app, bobKey.secret).get('/api/contacts');
    expect(
      read
        .json()
        .items.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(['Bob’s own', 'Team contact']);

    // Bob on "own records" sees only his own through the key.
    expect((await ann.patch(`/api/workspace/members/${bob.id}`, { visibility: 'own' })).statusCode).toBe(200);
    const ownOnly = await keyClient(t.app, bobKey.secret).get('/api/contacts');
    expect(ownOnly.json().items.map((c: { name: string }) => c.name)).toEqual(['Bob’s own']);

    // Removed from the team, his key stops at once and is gone with the membership.
    expect((await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: ann.id })).statusCode).toBe(204);
    expect((await keyClient(t.app, bobKey.secret).get('/api/contacts')).statusCode).toBe(401);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.id, bobKey.id))).toBe(0);
  });

  it('refuses bad names, scopes and expiries with field messages, storing nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    const good = { name: 'Zapier', scopes: { contacts: 'read' }, expiresInDays: 90 };
    const cases: Array<[unknown, string, string]> = [
      [{ ...good, name: '' }, 'name', apiKeyMessages.nameRequired],
      [{ ...good, name: '   ' }, 'name', apiKeyMessages.nameRequired],
      [{ ...good, name: 'x'.repeat(101) }, 'name', apiKeyMessages.nameTooLong],
      [{ ...good, name: 42 }, 'name', apiKeyMessages.nameRequired],
      [{ scopes: good.scopes }, 'name', apiKeyMessages.nameRequired],
      [{ ...good, scopes: {} }, 'scopes', apiKeyMessages.scopesRequired],
      [{ ...good, scopes: null }, 'scopes', apiKeyMessages.scopesRequired],
      [{ ...good, scopes: 'write' }, 'scopes', apiKeyMessages.scopesRequired],
      [{ ...good, scopes: { contacts: 'admin' } }, 'scopes.contacts', apiKeyMessages.scopeInvalid],
      [{ ...good, scopes: { contacts: 'read', email: 'read' } }, 'scopes', ''],
      [{ ...good, expiresInDays: 7 }, 'expiresInDays', apiKeyMessages.expiryInvalid],
      [{ ...good, expiresInDays: '30' }, 'expiresInDays', apiKeyMessages.expiryInvalid],
      [{ ...good, expiresInDays: -1 }, 'expiresInDays', apiKeyMessages.expiryInvalid],
      [{ ...good, secret: 'pw_mine' }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await ann.post('/api/api-keys', body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      if (field) expect(Object.keys(res.json().fields ?? {})).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, ann.id))).toBe(0);
    expect((await ann.delete('/api/api-keys/not-a-uuid')).statusCode).toBe(404);
  });

  it(`holds at most ${API_KEYS_PER_MEMBER} keys per member`, async () => {
    const ann = await signUp(t.app, 'ann');
    await t.database.db.insert(apiKeys).values(
      Array.from({ length: API_KEYS_PER_MEMBER }, (_, i) => ({
        workspaceId: ann.id,
        userId: ann.id,
        name: `Key ${i}`,
        prefix: 'pw_xxxxxxxx',
        secretHash: `${ann.id}-${i}`,
        scopes: { contacts: 'read' as const },
      })),
    );
    const res = await ann.post('/api/api-keys', { name: 'One more', scopes: { contacts: 'read' } });
    expect([res.statusCode, res.json().error]).toEqual([409, apiKeyMessages.tooManyKeys]);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.userId, ann.id))).toBe(API_KEYS_PER_MEMBER);
  });
});

describe('API keys on two server processes of one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ apiKeyRequestsPerMinute: 3 });
    second = await buildApp({
      config: { ...testConfig, apiKeyRequestsPerMinute: 3 },
      database: t.database,
      webDir: null,
      logger: { level: 'error' },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts one limit and refuses a key revoked on the other at once', async () => {
    const ann = await signUp(t.app, 'ann');
    const key = await createKey(ann, { contacts: 'read' });
    const here = keyClient(t.app, key.secret);
    const there = keyClient(second, key.secret);
    expect((await here.get('/api/contacts')).statusCode).toBe(200);
    expect((await there.get('/api/contacts')).statusCode).toBe(200);
    expect((await here.get('/api/contacts')).statusCode).toBe(200);
    expect((await there.get('/api/contacts')).statusCode).toBe(429);

    const other = await createKey(ann, { contacts: 'read' });
    expect((await keyClient(second, other.secret).get('/api/contacts')).statusCode).toBe(200);
    expect((await ann.delete(`/api/api-keys/${other.id}`)).statusCode).toBe(204);
    expect((await keyClient(second, other.secret).get('/api/contacts')).statusCode).toBe(401);
  });
});
