import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_FAILING_HOURS, WEBHOOK_TIMEOUT_MS, webhookMessages } from '@common/webhooks';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import { jobsDbOf, type JobQueue } from '../../jobs/queue';
import { guardedFetch } from '../../net/guarded-fetch';
import type { SecretBox } from '../../secrets/secret-box';
import { addNotification } from '../notifications/notify';

/** The job queue's queue of webhook deliveries: one job per attempt. */
export const DELIVERY_QUEUE = 'webhook-delivery';

export interface WebhookOptions {
  /** The operator's ALLOW_PRIVATE_HOSTS. */
  allowPrivate: boolean;
  /** The first retry's wait; each next one waits twice as long, up to an hour. */
  retryBaseMs?: number;
  /** How often each process looks for deliveries not yet handed to the queue. */
  dispatchEveryMs?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60_000;
const FAILING_MS = WEBHOOK_FAILING_HOURS * 60 * 60_000;
/** The most of a receiver's answer kept in the log. */
const ERROR_TEXT_MAX = 300;

/** The wait before attempt `attempts + 1`: doubling from the base, at most an hour. */
export const retryDelayMs = (attempts: number, base = RETRY_BASE_MS) =>
  Math.min(base * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/**
 * Hands the outbox's new deliveries to the job queue, in one transaction: a delivery is queued exactly once however
 * many processes look (`skip locked`), and one written by a transaction that rolled back never existed.
 */
export async function dispatchPending(db: Db, queue: JobQueue): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await selectRows<{ id: string }>(
      tx,
      sql`select id from webhook_deliveries where not queued order by created_at limit 200 for update skip locked`,
    );
    if (rows.length === 0) return 0;
    await queue.boss.insert(
      rows.map((row) => ({ name: DELIVERY_QUEUE, data: { deliveryId: row.id } })),
      { db: jobsDbOf(tx) },
    );
    await tx.execute(sql`update webhook_deliveries set queued = true
      where id = any(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[])`);
    return rows.length;
  });
}

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: string;
  endpoint_id: string;
  workspace_id: string;
  user_id: string;
  url: string;
  secret_sealed: string;
  enabled: boolean;
  failing_since: string | null;
}

interface Attempt {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** Sends one delivery once: signed as Standard Webhooks says, through the private-address guard, within the timeout. */
async function attempt(row: DeliveryRow, secrets: SecretBox, send: typeof fetch): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const secret = secrets.decrypt(row.secret_sealed);
  if (secret === null)
    return { ok: false, responseStatus: null, durationMs: 0, error: 'The signing secret cannot be read' };
  const timestamp = new Date();
  const body = JSON.stringify({ type: row.type, timestamp: row.created_at, data: row.payload });
  const signature = new Webhook(secret).sign(row.event_id, timestamp, body);
  try {
    const response = await send(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Pipewise-Webhooks',
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = response.ok ? '' : (await response.text().catch(() => '')).slice(0, ERROR_TEXT_MAX);
    return { ok: response.ok, responseStatus: response.status, durationMs: elapsed(), error: text || null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, responseStatus: null, durationMs: elapsed(), error: reason.slice(0, ERROR_TEXT_MAX) };
  }
}

/**
 * Works one delivery job: sends it, logs the attempt, and on a failure queues the next attempt after the back-off,
 * until the endpoint has failed for WEBHOOK_FAILING_HOURS: then the endpoint is turned off and its owner told.
 */
export async function deliver(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  deliveryId: string,
  options: WebhookOptions,
): Promise<void> {
  const [row] = await selectRows<DeliveryRow>(
    db,
    sql`select d.id, d.status, d.attempts, e.id as event_id, e.type, e.payload,
        to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        p.id as endpoint_id, p.workspace_id, p.user_id, p.url, p.secret_sealed, p.enabled,
        to_char(p.failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as failing_since
      from webhook_deliveries d
      join webhook_events e on e.id = d.event_id
      join webhook_endpoints p on p.id = d.endpoint_id
      where d.id = ${deliveryId}`,
  );
  // Gone with its endpoint, or done by an earlier run of this job (at least once: a retried job may find it so).
  if (!row || row.status !== 'pending') return;
  if (!row.enabled) {
    await db.execute(sql`update webhook_deliveries set status = 'failed', error = 'The endpoint is turned off'
      where id = ${deliveryId}`);
    return;
  }
  const result = await attempt(row, secrets, guardedFetch({ allowPrivate: options.allowPrivate }));
  const now = Date.now();
  const failingSince = row.failing_since ? Date.parse(row.failing_since) : now;
  const givingUp = !result.ok && now - failingSince >= FAILING_MS;
  const status = result.ok ? 'delivered' : givingUp ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    await tx.execute(sql`update webhook_deliveries set status = ${status}, attempts = attempts + 1,
        response_status = ${result.responseStatus}, duration_ms = ${result.durationMs}, error = ${result.error},
        last_attempt_at = now()
      where id = ${deliveryId}`);
    if (result.ok) {
      await tx.execute(sql`update webhook_endpoints set failing_since = null
        where id = ${row.endpoint_id} and failing_since is not null`);
      return;
    }
    if (givingUp) {
      await tx.execute(sql`update webhook_endpoints set enabled = false where id = ${row.endpoint_id}`);
      await addNotification(tx, {
        userId: row.user_id,
        kind: 'webhook_disabled',
        title: webhookMessages.disabledTitle,
        body: `${row.url}: ${webhookMessages.disabledBody}`,
        link: '/app/settings/webhooks',
        sourceId: deliveryId,
      });
      return;
    }
    await tx.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, now())
      where id = ${row.endpoint_id}`);
    await queue.boss.send(
      DELIVERY_QUEUE,
      { deliveryId },
      { db: jobsDbOf(tx), startAfter: new Date(now + retryDelayMs(row.attempts + 1, options.retryBaseMs)) },
    );
  });
}

/**
 * Delivers the workspaces' events from this process: hands new deliveries to the queue every moment, and works the
 * queue's delivery jobs. Processes started together share both.
 */
export async function startWebhookDeliveries(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  options: WebhookOptions,
): Promise<{ stop(): Promise<void> }> {
  // A delivery takes at most its timeout: a job still active well past that was cut short by a killed process, and
  // is tried again (at least once: the receiver may have had it).
  await queue.createQueue(DELIVERY_QUEUE, { expireInSeconds: 30, retryLimit: 10 });
  await queue.boss.work<{ deliveryId: string }>(
    DELIVERY_QUEUE,
    { batchSize: 10, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => deliver(db, queue, secrets, job.data.deliveryId, options)));
    },
  );
  let round: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    round ??= dispatchPending(db, queue)
      .catch((error: unknown) => options.log.warn({ err: error }, 'handing webhook deliveries to the queue failed'))
      .finally(() => {
        round = null;
      });
  }, options.dispatchEveryMs ?? 1_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await round;
      await queue.boss.offWork(DELIVERY_QUEUE);
    },
  };
}
