import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { openTestDatabase } from '../test/test-app';
import { jobsDbOf, startJobQueue, type JobQueue } from './queue';

// The job queue on the product's own database, both kinds: every job sent is worked once, a job sent in a
// transaction exists only if it commits, and a failing one is tried again until it succeeds.

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, { warn: () => undefined });
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

/** Resolves once `done()` holds, polling; fails the test past `ms`. */
async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the job queue', () => {
  it('works every job sent, each once', async () => {
    await queue.createQueue('count-once');
    const seen = new Map<number, number>();
    await queue.boss.work<{ n: number }>('count-once', { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) seen.set(job.data.n, (seen.get(job.data.n) ?? 0) + 1);
    });
    await queue.boss.insert(Array.from({ length: 200 }, (_, n) => ({ name: 'count-once', data: { n } })));
    await until(() => seen.size === 200);
    // A moment more: a job worked twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
  });

  it('has a job sent in a transaction only when it commits', async () => {
    await queue.createQueue('in-transaction');
    const worked: string[] = [];
    await queue.boss.work<{ label: string }>('in-transaction', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      worked.push(job!.data.label);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.boss.send('in-transaction', { label: 'rolled back' }, { db: jobsDbOf(tx) });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction(async (tx) => {
      await queue.boss.send('in-transaction', { label: 'committed' }, { db: jobsDbOf(tx) });
    });
    await until(() => worked.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(worked).toEqual(['committed']);
    const [stored] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'in-transaction'`,
    );
    expect(stored!.n).toBe(1);
  });

  it('tries a failing job again until it succeeds', async () => {
    await queue.createQueue('flaky', { retryLimit: 3, retryDelay: 1 });
    let tries = 0;
    await queue.boss.work('flaky', { pollingIntervalSeconds: 0.5 }, async () => {
      tries++;
      if (tries < 3) throw new Error('not yet');
    });
    const id = await queue.boss.send('flaky', {});
    await until(() => tries === 3);
    let job = await queue.boss.getJobById('flaky', id!);
    for (let i = 0; i < 50 && job?.state !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await queue.boss.getJobById('flaky', id!);
    }
    expect(job?.state).toBe('completed');
    expect(tries).toBe(3);
  }, 30_000);
});
