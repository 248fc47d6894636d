import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './test/test-app';
import {
  freePort,
  signUpOver,
  spawnServer,
  startServer,
  type HttpUser,
  type ServerProcess,
} from './test/server-process';

// Issue 14: a write the server acknowledged survives the server being killed at any moment, and the server
// always starts again. Runs against the embedded database (pglite project) and PostgreSQL (postgres project).

const isPostgres = process.env.TEST_DB === 'postgres';
// Each kill lands at a random moment among eight writers' requests, so every cycle cuts writes in flight; each
// also costs a server start, about ten seconds on a two-core CI machine, hence ten cycles.
const KILLS = 10;
const WRITERS = 8;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pipewise-durability-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every contact name of the user, read in one request (the CSV export holds them all). */
async function storedNames(server: ServerProcess, user: HttpUser): Promise<Set<string>> {
  const res = await user.request(server.url, 'GET', '/api/contacts/export');
  expect(res.status).toBe(200);
  return new Set((await res.text()).match(/Durable \d+-\d+\./g));
}

describe(`a server on ${isPostgres ? 'PostgreSQL' : 'the embedded database'} killed at any moment`, () => {
  it(`keeps every acknowledged write and starts again after each of ${KILLS} kills`, async () => {
    const fresh = isPostgres ? await createPostgresDatabase() : null;
    if (fresh) cleanups.push(fresh.drop);
    const options = { dataDir: freshDataDir(), databaseUrl: fresh?.url, port: await freePort() };
    let server = await startServer(options);
    cleanups.push(() => server.stop());
    const user = await signUpOver(server.url, 'kai');

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let sequence = 0;
    for (let cycle = 0; cycle < KILLS; cycle++) {
      let killed = false;
      // Each writer sends one contact after another until the kill ends its connection.
      const writer = async () => {
        while (!killed) {
          const name = `Durable ${cycle}-${sequence++}.`;
          try {
            const res = await user.request(server.url, 'POST', '/api/contacts', { name });
            await res.arrayBuffer();
            if (res.ok) acknowledged.push(name);
            else refused.push(`${name} ${res.status}`);
          } catch {
            return; // no answer: the write may or may not have happened, and either is right
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      await sleep(100 + Math.random() * 600);
      await server.kill();
      killed = true;
      await Promise.all(writers);

      server = await startServer(options);
      const stored = await storedNames(server, user);
      expect(
        acknowledged.filter((name) => !stored.has(name)),
        `acknowledged writes lost after kill ${cycle + 1}`,
      ).toEqual([]);
    }
    expect(refused, 'writes answered with an error before the kill').toEqual([]);
    // The kills landed among the writes: each cycle had several acknowledged.
    expect(acknowledged.length).toBeGreaterThan(KILLS * WRITERS);
  }, 240_000);

  it.skipIf(isPostgres)(
    'refuses to start a second server on the same data folder, and the first keeps serving',
    async () => {
      // Several servers on one PostgreSQL are the supported way to run more than one (two-servers.test.ts).
      const dataDir = freshDataDir();
      const first = await startServer({ dataDir });
      cleanups.push(() => first.stop());
      const second = spawnServer({ dataDir, port: await freePort() });
      cleanups.push(() => second.kill());
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain('is in use by another server');
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    },
    60_000,
  );
});
