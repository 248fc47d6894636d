import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@common/booking';
import { SESSION_CACHE_MS } from './auth/session-check';
import type { Db } from './db/client';
import * as schema from './db/schema';
import { bookingOf, bookingRows, utcDate } from './test/booking-kit';
import { createPostgresDatabase } from './test/test-app';
import { signUpOver, startServer, type HttpUser, type ServerProcess } from './test/server-process';

// Issue 14: several server processes on one PostgreSQL act as one server: a session from one is good on
// the other, a sign-out reaches the other within the remembered window, and a slot is booked at most once.
// PostgreSQL only: the embedded database belongs to a single process.

const isPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!isPostgres)('two servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pool: pg.Pool;
  const dataDirs: string[] = [];
  let one: ServerProcess;
  let two: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const start = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pipewise-two-servers-'));
      dataDirs.push(dataDir);
      return startServer({ dataDir, databaseUrl: database.url });
    };
    // Started together, as a deployment would: one runs the migrations, the other waits for them.
    [one, two] = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await pool?.end();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('share sessions: signed in on one, signed in on the other; signed out on one, refused by the other soon after', async () => {
    const user = await signUpOver(one.url, 'sia');
    expect((await user.request(two.url, 'GET', '/api/me')).status).toBe(200);
    expect((await user.request(two.url, 'GET', '/api/contacts')).status).toBe(200);

    expect((await user.request(one.url, 'POST', '/api/auth/sign-out', {})).status).toBe(204);
    expect((await user.request(one.url, 'GET', '/api/contacts')).status).toBe(401);
    // The other server may still trust the session it read for SESSION_CACHE_MS; not longer.
    const deadline = Date.now() + SESSION_CACHE_MS + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await user.request(two.url, 'GET', '/api/contacts')).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(401);
    expect((await user.request(two.url, 'GET', '/api/me')).status).toBe(401);
  });

  it('never book one slot twice when visitors race for it on both servers', async () => {
    const owner = await openBookingOwnerOver(one.url);
    const start = `${utcDate(3)}T09:00:00.000Z`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${i % 2 ? two.url : one.url}/api/public/booking/${owner.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bookingOf(start, { name: `Visitor ${i}` })),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error?: string } })),
      ),
    );
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((code) => code === 201).length, JSON.stringify(codes)).toBe(1);
    expect(codes.filter((code) => code === 409).length, JSON.stringify(codes)).toBe(39);
    for (const answer of answers.filter(({ status }) => status === 409)) {
      expect(answer.body).toEqual({ error: bookingMessages.slotTaken });
    }
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    expect(await bookingRows(db, owner.id)).toHaveLength(1);
  });
});

/** A user whose booking page is open all day, every day, in UTC (as openBookingOwner, over HTTP). */
async function openBookingOwnerOver(baseUrl: string): Promise<HttpUser> {
  const owner = await signUpOver(baseUrl, 'olivia');
  expect((await owner.request(baseUrl, 'PATCH', '/api/profile', { name: 'Olivia Owner' })).status).toBe(200);
  for (let day = 0; day < 7; day++) {
    const res = await owner.request(baseUrl, 'PUT', `/api/profile/availability/${day}`, {
      isAvailable: true,
      startTime: '00:00',
      endTime: '23:30',
    });
    expect(res.status, await res.text()).toBe(200);
  }
  const res = await owner.request(baseUrl, 'PATCH', '/api/scheduling/settings', { timezone: 'UTC' });
  expect(res.status, await res.text()).toBe(200);
  return owner;
}
