import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { calendarBusySources, calendarBusyTimes } from '../../../db/schema';
import { selectRows } from '../../../db/select-rows';
import { jobsDbOf, type JobQueue } from '../../../jobs/queue';
import type { SecretBox } from '../../../secrets/secret-box';
import { caldavAccountOf, connectionRow, markCaldavFailed, markCaldavWorking } from './account';
import { readBackBookings, ReadBackError } from './booking-read-back';
import { ownerWindow, syncBusyTimes } from './busy-sync';
import { davReads } from './dav-fetch';

// The busy-times sync on the job queue (docs/decisions.md, "Calendar busy times"): a pg-boss schedule queues one job
// per connected user with read calendars every few minutes, and a save of the connection queues that user's at once.
// The queue is "stately": per user at most one job waiting and one being worked, so two processes never sync one
// user at once and a save during a round adds nothing twice.

/** One user's sync. */
export const BUSY_SYNC_QUEUE = 'caldav-busy-sync';
/** A round that queues every connected user's sync, by whichever process takes it. */
export const BUSY_SYNCS_DUE_QUEUE = 'caldav-busy-syncs-due';
/** How often each user's read calendars are read (a ctag check first, so an unchanged calendar costs one request). */
export const BUSY_SYNC_EVERY_MINUTES = 5;

interface BusySyncJob {
  userId: string;
}

export interface BusySyncJobOptions {
  /** The operator's ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Makes the schedule (the server does; tests drive the rounds themselves). */
  scheduled?: boolean;
  /** The first retry's wait in seconds; pg-boss doubles it each time. */
  retryDelaySeconds?: number;
}

/** The sync failed for a calendar; its reason is already on the connection. Thrown so that pg-boss retries. */
class BusySyncFailed extends Error {
  override readonly name = 'BusySyncFailed';
}

const jobOf = (userId: string) => ({
  name: BUSY_SYNC_QUEUE,
  data: { userId } satisfies BusySyncJob,
  singletonKey: userId,
});

/**
 * Queues the user's sync, in the caller's transaction when given one (a saved connection's busy times arrive within
 * seconds). A sync of theirs already waiting is that one: it reads the account when it runs.
 */
export async function queueBusySync(queue: JobQueue, userId: string, tx?: Tx): Promise<void> {
  const { name, data, singletonKey } = jobOf(userId);
  await queue.boss.send(name, data, { singletonKey, ...(tx && { db: jobsDbOf(tx) }) });
}

/** Queues the sync of every connected user with a calendar to read or a booking published. */
export async function queueDueBusySyncs(db: Db, queue: JobQueue): Promise<number> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select c.user_id from caldav_connections c
      where jsonb_array_length(c.read_calendars) > 0
        or exists (select 1 from caldav_published p where p.user_id = c.user_id and p.kind = 'booking')`,
  );
  if (rows.length) await queue.boss.insert(rows.map((row) => jobOf(row.user_id)));
  return rows.length;
}

/** The user's busy times and calendars' sync states, all of them (a disconnected user's). */
export async function clearBusyTimes(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.userId, userId));
  await db.delete(calendarBusySources).where(eq(calendarBusySources.userId, userId));
}

/** The events of the user's upcoming bookings read back (booking-read-back.ts); the reason when that failed. */
async function readBack(
  db: Db,
  account: NonNullable<Awaited<ReturnType<typeof caldavAccountOf>>>,
  allowPrivateHosts: boolean,
): Promise<string | null> {
  const now = new Date();
  const { timeZone } = await ownerWindow(db, account.userId, now);
  try {
    await readBackBookings(db, account.userId, account.publishCalendar, {
      request: davReads(account, { allowPrivateHosts }),
      now,
      timeZone,
    });
    return null;
  } catch (error) {
    if (error instanceof ReadBackError) return error.message;
    throw error;
  }
}

/**
 * One user's sync: their read calendars' busy times brought up to date, and the events of their upcoming bookings
 * read back from the publish calendar. A calendar that fails keeps its busy times and marks the connection with the
 * reason (then the job fails, and pg-boss retries it); a full success marks it working again when this sync was
 * what failed.
 */
export async function runBusySync(
  db: Db,
  secrets: SecretBox,
  options: Pick<BusySyncJobOptions, 'allowPrivateHosts'>,
  userId: string,
): Promise<void> {
  const account = await caldavAccountOf(db, secrets, userId);
  if (!account) {
    // Disconnected: nothing of theirs stays. A password sealed under another key waits for the user to save it again.
    if (!(await connectionRow(db, userId))) await db.transaction((tx) => clearBusyTimes(tx, userId));
    return;
  }
  const outcomes = await syncBusyTimes(
    db,
    userId,
    {
      serverUrl: account.serverUrl,
      username: account.username,
      password: account.password,
      calendarUrls: account.readCalendars.map((calendar) => calendar.url),
    },
    { allowPrivateHosts: options.allowPrivateHosts },
  );
  const readBackFailure = await readBack(db, account, options.allowPrivateHosts);
  // Disconnected while this sync wrote: what it wrote goes too (the disconnect's own clearing came before it).
  const connection = await connectionRow(db, userId);
  if (!connection) {
    await db.transaction((tx) => clearBusyTimes(tx, userId));
    return;
  }
  const failure = outcomes.find((outcome) => outcome.status === 'failed')?.error ?? readBackFailure;
  if (failure) {
    await markCaldavFailed(db, userId, failure);
    throw new BusySyncFailed(failure);
  }
  // Only a failure of this sync is cleared: publishing's (say, the publish calendar deleted) stays until it works.
  await markCaldavWorking(db, userId, 'busy sync');
}

const isBusySyncJob = (data: unknown): data is BusySyncJob =>
  typeof data === 'object' && data !== null && typeof (data as BusySyncJob).userId === 'string';

/** This process's worker of the users' syncs and, when `scheduled`, of the rounds that queue them. */
export async function startBusySyncJobs(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  options: BusySyncJobOptions,
): Promise<{ stop(): Promise<void> }> {
  const { boss } = queue;
  // A sync is at most 30 s per calendar: one still active past 15 minutes was cut short by a killed process. A failed
  // one is retried after 20, 40 and 80 s, before the next round.
  await queue.createQueue(BUSY_SYNC_QUEUE, {
    policy: 'stately',
    expireInSeconds: 900,
    retryLimit: 3,
    retryDelay: options.retryDelaySeconds ?? 20,
    retryBackoff: true,
  });
  await boss.work<BusySyncJob>(BUSY_SYNC_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job || !isBusySyncJob(job.data)) return;
    try {
      await runBusySync(db, secrets, options, job.data.userId);
    } catch (error) {
      if (!(error instanceof BusySyncFailed)) options.log.warn({ err: error }, 'syncing calendar busy times failed');
      throw error;
    }
  });
  if (options.scheduled) {
    // A round that fails is not retried: the next one follows in a few minutes.
    await queue.createQueue(BUSY_SYNCS_DUE_QUEUE, { expireInSeconds: 300, retryLimit: 0 });
    await boss.schedule(BUSY_SYNCS_DUE_QUEUE, `*/${BUSY_SYNC_EVERY_MINUTES} * * * *`);
    await boss.work(BUSY_SYNCS_DUE_QUEUE, async () => {
      await queueDueBusySyncs(db, queue);
    });
  }
  return {
    stop: async () => {
      await boss.offWork(BUSY_SYNC_QUEUE);
      if (options.scheduled) await boss.offWork(BUSY_SYNCS_DUE_QUEUE);
    },
  };
}

/** A round now, outside the schedule (tests). */
export const sendDueBusySyncs = (queue: JobQueue) => queue.boss.send(BUSY_SYNCS_DUE_QUEUE, {});
