import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db/unavailable';
import { createPostgresDatabase } from './test/test-app';
import { signUpOver, startServer, type HttpUser, type ServerProcess } from './test/server-process';

// Issue 14: while PostgreSQL is away the server answers 503 with a clear message, stays up, and serves
// again once the database is back. The test stops and starts a PostgreSQL of its own, so it runs in the
// postgres project only; the embedded database lives inside the server process and cannot go away alone.

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../scripts/test-postgres.sh', import.meta.url));
/** The ports this test may give its own PostgreSQL; the first free one is taken. */
const PG_PORTS = [54410, 54411, 54412, 54413, 54414, 54415, 54416, 54417, 54418, 54419];

const isPostgres = process.env.TEST_DB === 'postgres';

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function startPostgres(): Promise<{ dir: string; url: string }> {
  for (const port of PG_PORTS) {
    if (!(await isPortFree(port))) continue;
    const { stdout } = await run(script, ['start'], { env: { ...process.env, TEST_PG_PORT: String(port) } });
    const dir = /PIPEWISE_PGDIR='([^']+)'/.exec(stdout)?.[1];
    const url = /TEST_DATABASE_URL='([^']+)'/.exec(stdout)?.[1];
    if (!dir || !url) throw new Error(`unexpected output of test-postgres.sh: ${stdout}`);
    return { dir, url };
  }
  throw new Error(`no free port among ${PG_PORTS.join(', ')} for the test's PostgreSQL`);
}

const pg = (command: 'pause' | 'resume' | 'stop', dir: string) => run(script, [command, dir]);

describe.skipIf(!isPostgres)('a server whose PostgreSQL goes away', () => {
  let postgres: { dir: string; url: string };
  let dataDir: string;
  let server: ServerProcess;
  let seen: HttpUser;
  let unseen: HttpUser;

  beforeAll(async () => {
    postgres = await startPostgres();
    const database = await createPostgresDatabase(postgres.url);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-outage-'));
    server = await startServer({ dataDir, databaseUrl: database.url });
    seen = await signUpOver(server.url, 'sam');
    // A session this server has not read yet: its first request during the outage needs the database.
    unseen = await signUpOver(server.url, 'una');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (postgres) await pg('stop', postgres.dir);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 with a clear message while it is stopped, stays up, and serves again once it is back', async () => {
    const created = await seen.request(server.url, 'POST', '/api/contacts', { name: 'Before the outage' });
    expect(created.status).toBe(201);

    await pg('pause', postgres.dir);
    for (const [user, route] of [
      [seen, '/api/contacts'],
      [unseen, '/api/me'],
      [seen, '/api/contacts'],
    ] as const) {
      const res = await user.request(server.url, 'GET', route);
      expect(res.status, route).toBe(503);
      expect(await res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const write = await seen.request(server.url, 'POST', '/api/contacts', { name: 'During the outage' });
    expect(write.status).toBe(503);
    for (const path of ['/api/auth/sign-in', '/api/auth/sign-up']) {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'outage@example.com', password: 'outage-password-1', name: 'Outage' }),
      });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    expect(server.child.exitCode, server.stderr()).toBeNull();

    await pg('resume', postgres.dir);
    // The pool opens new connections on demand: the first requests after the return may still meet old ones.
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
      status = (await seen.request(server.url, 'GET', '/api/contacts')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const me = await unseen.request(server.url, 'GET', '/api/me');
    expect(me.status, 'a session read during the outage is still signed in').toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: unseen.id } });
    const names = (await (await seen.request(server.url, 'GET', '/api/contacts')).json()) as {
      items: { name: string }[];
    };
    expect(names.items.map((item) => item.name)).toEqual(['Before the outage']);
    expect(server.child.exitCode, server.stderr()).toBeNull();
  }, 60_000);
});
