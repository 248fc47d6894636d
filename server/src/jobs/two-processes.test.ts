import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-app';

// Issue 30: on PostgreSQL the job queue spans server processes. Two processes work one queue; every job of 1,000
// is worked, by one of them, once. PostgreSQL only: the embedded database belongs to a single process.

const isPostgres = process.env.TEST_DB === 'postgres';
const projectDir = fileURLToPath(new URL('../../..', import.meta.url));
const workerScript = fileURLToPath(new URL('../test/job-worker-process.ts', import.meta.url));

/** A worker process, resolved once its queue is working. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    cwd: projectDir,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the worker ended (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

describe.skipIf(!isPostgres)('the job queue over two processes', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pool: pg.Pool;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await pool.query('create table worked_jobs (n int not null, pid int not null)');
    // Started together: one installs the queue's schema, the other waits for it.
    workers.push(...(await Promise.all([startWorker(database.url), startWorker(database.url)])));
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
    await pool?.end();
    await database?.drop();
  }, 60_000);

  it('works each of 1,000 jobs exactly once, sharing them between the processes', async () => {
    const values = Array.from({ length: 1000 }, (_, n) => `('exactly-once', '{"n":${n}}'::jsonb)`).join(',');
    await pool.query(`insert into pgboss.job (name, data) values ${values}`);
    const end = Date.now() + 60_000;
    let worked = 0;
    while (worked < 1000 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      worked = Number((await pool.query('select count(*) as n from worked_jobs')).rows[0].n);
    }
    // A moment more: a job worked twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const { rows } = await pool.query<{ n: string; distinct_n: string; processes: string }>(
      'select count(*) as n, count(distinct n) as distinct_n, count(distinct pid) as processes from worked_jobs',
    );
    expect(rows[0]).toEqual({ n: '1000', distinct_n: '1000', processes: '2' });
  }, 90_000);
});
