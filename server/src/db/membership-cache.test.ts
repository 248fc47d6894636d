import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashApiKey } from '../auth/api-key-check';
import { createKey, keyClient } from '../test/api-key-kit';
import { clientFor, createPostgresDatabase, signUp, testConfig, type UserClient } from '../test/test-app';
import { join } from '../test/workspace-kit';
import { openDatabase, type Database } from './client';
import { membershipCacheOf } from './membership-cache';

// Memberships kept in memory on PostgreSQL (membership-cache.ts), over two server processes on one database: each a
// database object with its own cache and listening connection, and an app on it. A change made on one is heard on
// the other when its commit is announced, on the one that made it before it answers, and nothing is kept while the
// announcements cannot be heard.

const isPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!isPostgres)('memberships kept by two server processes', () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let ann: UserClient;
  let bob: UserClient;
  /** Bob's requests on the second process. */
  let bobElsewhere: UserClient;

  const cacheOf = (n: number) => membershipCacheOf(databases[n]!.db)!;
  /** The names of the contacts Bob's current workspace shows him. */
  const contactsSeen = async (client: UserClient) =>
    ((await client.get('/api/contacts')).json().items as Array<{ name: string }>).map((contact) => contact.name);
  async function until(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > ms) throw new Error('not within the time');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return Date.now() - start;
  }

  beforeAll(async () => {
    fresh = await createPostgresDatabase();
    for (let n = 0; n < 2; n++) {
      const database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
      databases.push(database);
      apps.push(await buildApp({ config: testConfig, database, webDir: null, logger: false }));
    }
    await until(() => cacheOf(0).heard && cacheOf(1).heard);
    ann = await signUp(apps[0]!, 'ann');
    bob = await signUp(apps[0]!, 'bob');
    await join(ann, bob, 'member');
    bobElsewhere = clientFor(apps[1]!, bob.cookie, { id: bob.id, email: bob.email });
    expect((await ann.post('/api/contacts', { name: 'Ann’s client' })).statusCode).toBe(201);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await fresh?.drop();
  });

  it('keeps a member’s membership between reads, and reads it fresh for a change', async () => {
    expect(await contactsSeen(bobElsewhere)).toEqual(['Ann’s client']);
    expect(cacheOf(1).get(bob.id)?.id).toBe(ann.id);
    // Kept: a change to the row made behind the server's back (no announcement: only last activity) is not read.
    await databases[0]!.db.execute(sql`update workspace_members set last_active_at = now() where user_id = ${bob.id}`);
    expect(cacheOf(1).get(bob.id)?.id).toBe(ann.id);
  });

  it('hears on the other process that a member was limited to their own records, and forgets at once on this one', async () => {
    expect(await contactsSeen(bob)).toEqual(['Ann’s client']);
    expect(cacheOf(0).get(bob.id)).toBeDefined();
    expect((await ann.patch(`/api/workspace/members/${bob.id}`, { visibility: 'own' })).statusCode).toBe(200);
    // This process: before the answer came back.
    expect(cacheOf(0).get(bob.id)).toBeUndefined();
    expect(await contactsSeen(bob)).toEqual([]);
    // The other: as soon as the commit's announcement arrives.
    const waited = await until(async () => (await contactsSeen(bobElsewhere)).length === 0);
    expect(waited).toBeLessThan(1_000);
    expect((await ann.patch(`/api/workspace/members/${bob.id}`, { visibility: 'all' })).statusCode).toBe(200);
    await until(async () => (await contactsSeen(bobElsewhere)).length === 1);
  });

  it('keeps nothing while the announcements cannot be heard, and keeps again once they can', async () => {
    await contactsSeen(bobElsewhere);
    expect(cacheOf(1).get(bob.id)).toBeDefined();
    await databases[0]!.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'membership listener' and datname = current_database()`,
    );
    await until(() => !cacheOf(1).heard);
    expect(cacheOf(1).get(bob.id)).toBeUndefined();
    // Unheard, a change made behind the server's back is still read by the next request.
    await databases[0]!.db.execute(sql`update workspace_members set visibility = 'own' where user_id = ${bob.id}`);
    expect(await contactsSeen(bobElsewhere)).toEqual([]);
    await until(() => cacheOf(0).heard && cacheOf(1).heard);
    await databases[0]!.db.execute(sql`update workspace_members set visibility = 'all' where user_id = ${bob.id}`);
    await until(async () => (await contactsSeen(bobElsewhere)).length === 1);
    // The read that saw the change may have begun before its announcement arrived: it was not kept; the next is.
    await contactsSeen(bobElsewhere);
    expect(cacheOf(1).get(bob.id)).toBeDefined();
  });

  it('refuses a revoked API key at once on the process that revoked it, and on the other when announced', async () => {
    const key = await createKey(ann, { contacts: 'read' });
    const here = keyClient(apps[0]!, key.secret);
    const there = keyClient(apps[1]!, key.secret);
    for (const client of [here, there]) expect((await client.get('/api/contacts')).statusCode).toBe(200);
    expect(cacheOf(1).getKey(hashApiKey(key.secret))?.id).toBe(key.id);
    expect((await ann.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await here.get('/api/contacts')).statusCode).toBe(401);
    const waited = await until(async () => (await there.get('/api/contacts')).statusCode === 401);
    expect(waited).toBeLessThan(1_000);
  });

  it('hears a removed member leave the workspace on the other process', async () => {
    expect(await contactsSeen(bobElsewhere)).toEqual(['Ann’s client']);
    const removed = await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: ann.id });
    expect(removed.statusCode, removed.body).toBe(204);
    const waited = await until(async () => (await contactsSeen(bobElsewhere)).length === 0);
    expect(waited).toBeLessThan(1_000);
    expect(cacheOf(1).get(bob.id)?.id ?? bob.id).toBe(bob.id);
  });
});
