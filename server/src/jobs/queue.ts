import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Db, Tx } from '../db/client';

/**
 * The product's background work runs on pg-boss (docs/decisions.md, "Job queue"): its jobs are rows of the product's
 * own database, in the `pgboss` schema, so a job enqueued in a transaction exists exactly when that transaction
 * commits, and on PostgreSQL any number of server processes share the work (a job is taken with `for update skip
 * locked`, so by one process; a process killed while working it leaves it to expire and be retried).
 */
export const JOBS_SCHEMA = 'pgboss';

/** The driver under a Drizzle database or transaction: a pg pool or client, or PGlite or one of its transactions. */
interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | Array<{ rows?: unknown[] }>>;
  exec?(text: string): Promise<Array<{ rows?: unknown[] }>>;
}

/** Rows of a driver's answer: one statement's, or every statement's of a script (pg answers a script with a list). */
const rowsOf = (result: { rows?: unknown[] } | Array<{ rows?: unknown[] }>) =>
  Array.isArray(result) ? result.flatMap((part) => part.rows ?? []) : (result.rows ?? []);

/**
 * pg-boss's way into one of our databases or transactions. A statement without parameters may be a script of
 * several (pg-boss installs and maintains its schema that way): PGlite runs those only through `exec`, as pg runs
 * them only through the simple protocol, which it picks itself when no values are given.
 */
export function jobsDbOf(db: Db | Tx): PgBoss.Db {
  const client = (db as unknown as { session: { client: DriverClient } }).session.client;
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: rowsOf(await client.query(text, values)) };
      return { rows: rowsOf(client.exec ? await client.exec(text) : await client.query(text)) };
    },
  };
}

/** An arbitrary key of the lock under which processes started together install the queue's schema one at a time. */
const START_LOCK = 7419302;

/**
 * Runs `work` while no other server process on the same PostgreSQL does: pg-boss takes a lock to install its schema,
 * but two processes that both found it missing still both try, and the second fails; two creating one queue at once
 * can deadlock. The embedded database has one process.
 */
async function oneAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    return await work();
  } finally {
    // The lock ends with the session if the unlock cannot be sent.
    await client.query('select pg_advisory_unlock($1)', [START_LOCK]).then(
      () => client.release(),
      () => client.release(true),
    );
  }
}

export interface JobQueue {
  boss: PgBoss;
  /**
   * Creates a queue unless it exists, one process at a time: pg-boss makes a table for each queue, and two processes
   * creating the same one at once can deadlock.
   */
  createQueue(name: string, options?: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the queue on the server's database: installs or upgrades its schema (under pg-boss's own lock, so
 * processes started together do it once) and its maintenance. Workers are added by the areas that have jobs.
 */
export async function startJobQueue(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  options: Partial<PgBoss.ConstructorOptions> = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: jobsDbOf(database.db),
    schema: JOBS_SCHEMA,
    // The upkeep also finds the jobs of a process that was killed while working them (past their expiry): every half
    // minute, so such a job is tried again within about a minute.
    maintenanceIntervalSeconds: 30,
    // The embedded database has one connection, shared with every request: no counting of the queues' states.
    ...(database.kind === 'pglite' && { monitorStateIntervalSeconds: 300 }),
    ...options,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'the job queue reported an error'));
  await oneAtATime(database, () => boss.start());
  return {
    boss,
    createQueue: (name, queueOptions = {}) =>
      oneAtATime(database, () => boss.createQueue(name, { ...queueOptions, name })),
    // Waits for the jobs being worked; a job cut short by a stopping process is retried after it expires.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
