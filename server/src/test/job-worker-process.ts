// A process that works the queue `exactly-once` of the PostgreSQL database at DATABASE_URL, writing each job's
// number to `worked_jobs` with its own process id: two of these show that a job is taken by one process only.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { startJobQueue } from '../jobs/queue';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
const queue = await startJobQueue(database, { warn: (...args: unknown[]) => console.error(...args) });
await queue.createQueue('exactly-once');
await queue.boss.work<{ n: number }>('exactly-once', { batchSize: 20, pollingIntervalSeconds: 0.5 }, async (jobs) => {
  for (const job of jobs) {
    await database.db.execute(sql`insert into worked_jobs (n, pid) values (${job.data.n}, ${process.pid})`);
  }
});
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void queue
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
