import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { caldavPublishKinds, type CaldavPublishKind } from '@common/calendar-caldav';
import type { Db } from '../../../db/client';
import { caldavPublished } from '../../../db/schema';
import { selectRows } from '../../../db/select-rows';
import { sqlStateOf } from '../../../errors';
import { jobsDbOf, type JobQueue } from '../../../jobs/queue';
import type { SecretBox } from '../../../secrets/secret-box';
import { caldavAccountOf, markCaldavFailed, markCaldavWorking, type CaldavAccount } from './account';
import { caldavTransport, CaldavError, deleteEvent, eventHref, putEvent, type CaldavTransport } from './client';
import { wantedEvent, type WantedEvent } from './publish-event';

// Publishing to CalDAV as jobs (docs/decisions.md, "Publishing to CalDAV"): a job names a record, never what to
// do; it reads the record as it is now and makes every interested calendar match it (PUT the event, or DELETE it).
// So a retry, a duplicate or a late job is always safe, and the latest change always wins.

export const CALDAV_PUBLISH_QUEUE = 'caldav-publish';

export interface PublishJob {
  kind: CaldavPublishKind;
  recordId: string;
}

export interface PublishOptions {
  /** The operator's ALLOW_PRIVATE_HOSTS. */
  allowPrivate: boolean;
  /** The app's address, for the link back to the record in each event. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How often each process hands the outbox's notes to the queue. */
  dispatchEveryMs?: number;
  /** The first retry's wait in seconds; pg-boss doubles it each time. */
  retryDelaySeconds?: number;
  /** One request's time limit (tests shorten it). */
  timeoutMs?: number;
}

/** Hands the outbox's notes to the queue in one transaction: each is queued once, however many processes look. */
export async function dispatchPublishNotes(db: Db, queue: JobQueue): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await selectRows<{ kind: CaldavPublishKind; record_id: string }>(
      tx,
      sql`delete from caldav_publish_outbox where id in (
          select id from caldav_publish_outbox order by created_at limit 200 for update skip locked)
        returning kind, record_id`,
    );
    if (!rows.length) return 0;
    const unique = new Map(rows.map((row) => [`${row.kind}:${row.record_id}`, row]));
    await queue.boss.insert(
      [...unique.values()].map((row) => ({
        name: CALDAV_PUBLISH_QUEUE,
        data: { kind: row.kind, recordId: row.record_id } satisfies PublishJob,
      })),
      { db: jobsDbOf(tx) },
    );
    return unique.size;
  });
}

/** The connected users a record's calendars concern: who may want it now, and who has it published. */
async function interestedUsers(db: Db, { kind, recordId }: PublishJob): Promise<string[]> {
  const table = { booking: 'bookings', task: 'tasks', activity: 'deal_activities' }[kind];
  const owners =
    kind === 'booking'
      ? sql`select user_id from bookings where id = ${recordId}`
      : sql`select user_id from ${sql.raw(table)} where id = ${recordId}
          union select assigned_user_id from ${sql.raw(table)} where id = ${recordId}`;
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select c.user_id from caldav_connections c
      where c.user_id in (${owners})
        or c.user_id in (select user_id from caldav_published where kind = ${kind} and record_id = ${recordId})`,
  );
  return rows.map((row) => row.user_id);
}

type PublishedRow = typeof caldavPublished.$inferSelect;

async function publishedRow(db: Db, userId: string, { kind, recordId }: PublishJob): Promise<PublishedRow | null> {
  const [row] = await db
    .select()
    .from(caldavPublished)
    .where(
      and(eq(caldavPublished.userId, userId), eq(caldavPublished.kind, kind), eq(caldavPublished.recordId, recordId)),
    );
  return row ?? null;
}

const sameEvent = (row: PublishedRow | null, account: CaldavAccount, wanted: WantedEvent | null) =>
  wanted === null
    ? row === null
    : row !== null && row.calendarUrl === account.publishCalendar.url && row.fingerprint === wanted.fingerprint;

/** Removes an event; one whose calendar is gone is gone with it. */
async function removeEvent(transport: CaldavTransport, href: string): Promise<void> {
  try {
    await deleteEvent(transport, href);
  } catch (error) {
    if (!(error instanceof CaldavError && error.status === 409)) throw error;
  }
}

/** Makes one user's calendar match the record once: PUT, move, DELETE, or nothing when it already matches. */
async function applyOnce(
  db: Db,
  account: CaldavAccount,
  transport: CaldavTransport,
  job: PublishJob,
  wanted: WantedEvent | null,
): Promise<void> {
  const row = await publishedRow(db, account.userId, job);
  if (sameEvent(row, account, wanted)) return;
  const calendarUrl = account.publishCalendar.url;
  if (row && (!wanted || row.calendarUrl !== calendarUrl)) {
    await removeEvent(transport, row.href);
    await db
      .delete(caldavPublished)
      .where(
        and(
          eq(caldavPublished.userId, account.userId),
          eq(caldavPublished.kind, job.kind),
          eq(caldavPublished.recordId, job.recordId),
        ),
      );
  }
  if (!wanted) return;
  const href = eventHref(calendarUrl, wanted.fileName);
  const etag = await putEvent(transport, href, wanted.ics);
  const values = { calendarUrl, href, uid: wanted.uid, etag, fingerprint: wanted.fingerprint, publishedAt: new Date() };
  try {
    await db
      .insert(caldavPublished)
      .values({ userId: account.userId, kind: job.kind, recordId: job.recordId, ...values })
      .onConflictDoUpdate({
        target: [caldavPublished.userId, caldavPublished.kind, caldavPublished.recordId],
        set: values,
      });
  } catch (error) {
    // Disconnected while the event was on its way: take it back, so nothing of ours stays in the calendar.
    if (sqlStateOf(error) !== '23503') throw error;
    await removeEvent(transport, href);
  }
}

/**
 * One user's calendar made to match the record. The record is read again after each round: a change committed while
 * this job was writing (whose own job may already have run) is applied too, so two jobs of one record cannot leave
 * the older state behind.
 */
async function reconcileFor(db: Db, secrets: SecretBox, options: PublishOptions, userId: string, job: PublishJob) {
  for (let round = 0; round < 3; round++) {
    const account = await caldavAccountOf(db, secrets, userId);
    if (!account) return;
    const transport = caldavTransport(account, options);
    const wanted = await wantedEvent(db, account, job.kind, job.recordId, options.publicUrl);
    await applyOnce(db, account, transport, job, wanted);
    const after = await caldavAccountOf(db, secrets, userId);
    if (!after) return;
    const again = await wantedEvent(db, after, job.kind, job.recordId, options.publicUrl);
    if (sameEvent(await publishedRow(db, userId, job), after, again)) return;
  }
}

/** The job: every interested user's calendar, each failure marked on that user's connection, then retried. */
export async function reconcileRecord(
  db: Db,
  secrets: SecretBox,
  options: PublishOptions,
  job: PublishJob,
): Promise<void> {
  let failure: Error | null = null;
  for (const userId of await interestedUsers(db, job)) {
    try {
      await reconcileFor(db, secrets, options, userId, job);
      await markCaldavWorking(db, userId, 'publishing');
    } catch (error) {
      failure = error instanceof Error ? error : new Error('Publishing to the calendar failed');
      const reason = error instanceof CaldavError ? error.message : 'Publishing to the calendar failed';
      await markCaldavFailed(db, userId, reason);
      if (!(error instanceof CaldavError)) options.log.warn({ err: error, job }, 'publishing to CalDAV failed');
    }
  }
  if (failure) throw failure;
}

const isPublishJob = (data: unknown): data is PublishJob =>
  typeof data === 'object' &&
  data !== null &&
  caldavPublishKinds.includes((data as PublishJob).kind) &&
  typeof (data as PublishJob).recordId === 'string';

/** The publishing worker and the outbox's dispatcher, in this process. */
export async function startCaldavPublishing(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  options: PublishOptions,
): Promise<{ stop(): Promise<void> }> {
  // A job is a few requests of at most the timeout each; one still active well past that was cut short by a killed
  // process, and is worked again (safely: it reads the record afresh).
  await queue.createQueue(CALDAV_PUBLISH_QUEUE, {
    expireInSeconds: 300,
    retryLimit: 12,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
  });
  await queue.boss.work<PublishJob>(
    CALDAV_PUBLISH_QUEUE,
    // One job at a time, so a failure retries that record alone; a process's jobs go to the servers in turn.
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job && isPublishJob(job.data)) await reconcileRecord(db, secrets, options, job.data);
    },
  );
  let round: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    round ??= dispatchPublishNotes(db, queue)
      .catch((error: unknown) => options.log.warn({ err: error }, 'handing CalDAV publishing to the queue failed'))
      .finally(() => {
        round = null;
      });
  }, options.dispatchEveryMs ?? 1_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await round;
      await queue.boss.offWork(CALDAV_PUBLISH_QUEUE);
    },
  };
}
