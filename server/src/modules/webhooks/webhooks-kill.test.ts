import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/test-app';
import { freePort, signUpOver, startServer, type ServerProcess } from '../../test/server-process';

// Issue 30: events are kept in the database until delivered. A server killed (kill -9) while a delivery is on its
// way still delivers, once started again, the event of every change it acknowledged: the one cut short included.
// Both databases.

const isPostgres = process.env.TEST_DB === 'postgres';
const CONTACTS = 20;

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

/** A receiver that holds every request unanswered until `answering`, then answers 200; records the contacts' names. */
function receiver() {
  const names = new Set<string>();
  const held: ServerResponse[] = [];
  const state = { answering: false, requests: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.requests++;
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { name: string } };
      if (!state.answering) {
        held.push(res);
        return;
      }
      names.add(event.data.name);
      res.end('ok');
    });
  });
  return { server, names, held, state };
}

async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`webhooks on ${isPostgres ? 'PostgreSQL' : 'the embedded database'}, the server killed while delivering`, () => {
  it('delivers the event of every acknowledged change after the restart', async () => {
    const fresh = isPostgres ? await createPostgresDatabase() : null;
    if (fresh) cleanups.push(fresh.drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-webhooks-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const hooks = receiver();
    await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      hooks.server.closeAllConnections();
      hooks.server.close();
    });
    const options = {
      dataDir,
      databaseUrl: fresh?.url,
      port: await freePort(),
      env: { ALLOW_PRIVATE_HOSTS: 'true' },
    };
    let server: ServerProcess = await startServer(options);
    cleanups.push(() => server.stop());

    const user = await signUpOver(server.url, 'hooked');
    const url = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}/hook`;
    const endpoint = await user.request(server.url, 'POST', '/api/webhooks', { url, events: ['contact.created'] });
    expect(endpoint.status).toBe(201);
    const names = Array.from({ length: CONTACTS }, (_, n) => `Hooked ${n}`);
    for (const name of names) {
      expect((await user.request(server.url, 'POST', '/api/contacts', { name })).status).toBe(201);
    }
    // A delivery is on its way, held by the receiver: the server dies under it.
    await until(() => hooks.state.requests > 0, 30_000);
    await server.kill();
    for (const res of hooks.held) res.destroy();
    hooks.state.answering = true;

    server = await startServer(options);
    // The deliveries waiting in the queue go at once; the one cut short once its job has expired (30 s) and the
    // queue's upkeep (every 30 s) has found it.
    await until(() => hooks.names.size === CONTACTS, 150_000);
    expect([...hooks.names].sort()).toEqual([...names].sort());
  }, 240_000);
});
