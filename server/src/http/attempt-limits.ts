import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

/** One limit of a public write: at most `max` attempts a window per key (an address, a form, a bot). */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** The stored key: hashed, so no address is kept (the same form as the rate-limit store's, under its own prefix). */
const storedKey = (key: string) => createHash('sha256').update(`attempts|${key}`).digest('base64url');

/**
 * The upsert of one fixed-window counter, as in the rate-limit store (rate-limit-store.ts): a new window starts at 1,
 * otherwise the count grows; it answers the count and the milliseconds left in the window.
 */
export function counterUpsert(hashedKey: string, windowMs: number, from: SQL) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const expired = sql`${rateLimits.windowStart} + ${window} <= now()`;
  return sql`insert into ${rateLimits} (key) select ${hashedKey} from ${from}
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${expired} then now() else ${rateLimits.windowStart} end
    returning count,
      greatest(0, extract(epoch from (${rateLimits.windowStart} + ${window} - now())) * 1000)::int as ttl`;
}

/** `from` of a counter's upsert that runs first: its transaction commits without waiting for the disk. */
export const noWaitCommit = sql`(select set_config('synchronous_commit', 'off', true)) as no_wait`;

/**
 * Counts one attempt against each limit, in order, in one statement (one round trip however many limits): a limit
 * counts only while the ones before it hold, so an attempt refused per address uses up nothing of the form's or the
 * bot's allowance. The statement commits without waiting for the disk, as the store's: a count lost in a crash is
 * harmless. Throws `refusal` (a 429 with Retry-After) at the first limit exceeded.
 */
export async function countAttempts(db: Db, limits: AttemptLimit[], refusal: string): Promise<void> {
  const steps = limits.map((limit, i) => {
    const before = limits[i - 1];
    const from = before ? sql`${sql.raw(`c${i - 1}`)} where count <= ${before.max}` : noWaitCommit;
    return sql`${sql.raw(`c${i}`)} as (${counterUpsert(storedKey(limit.key), limit.windowMs, from)})`;
  });
  const columns = limits.map((_, i) => sql.raw(`c${i}.count as count${i}, c${i}.ttl as ttl${i}`));
  const joined = limits.map((_, i) => sql.raw(i ? `left join c${i} on true` : 'c0'));
  const [row] = await selectRows<Record<string, number | null>>(
    db,
    sql`with ${sql.join(steps, sql`, `)} select ${sql.join(columns, sql`, `)} from ${sql.join(joined, sql` `)}`,
  );
  if (Math.random() < 0.01) void sweepCounters(db);
  limits.forEach((limit, i) => refuseOverLimit(limit, row?.[`count${i}`], row?.[`ttl${i}`], refusal));
}

/**
 * One limit's counter as a CTE (`attempt`) of the caller's own statement, its read of what the attempt is for: the
 * attempt costs no round trip of its own. The caller selects `attemptColumns` and hands them to `refuseOverLimit`
 * before it writes anything. PostgreSQL runs a writing CTE once, whether or not the statement reads it.
 */
export function attemptCounter(db: Db, limit: AttemptLimit) {
  if (Math.random() < 0.01) void sweepCounters(db);
  return db
    .$with('attempt', { count: sql<number>`count`, ttl: sql<number>`ttl` })
    .as(counterUpsert(storedKey(limit.key), limit.windowMs, noWaitCommit));
}

/** The attempt's count and the milliseconds left in its window, from `attemptCounter`'s CTE. */
export const attemptColumns = {
  attemptCount: sql<number | null>`(select count from attempt)`,
  attemptTtl: sql<number | null>`(select ttl from attempt)`,
};

/** Throws `refusal` (a 429 with Retry-After) when the counted attempts exceed the limit. */
export function refuseOverLimit(
  limit: AttemptLimit,
  count: number | null | undefined,
  ttl: number | null | undefined,
  refusal: string,
): void {
  if (count == null || Number(count) <= limit.max) return;
  const seconds = Math.max(1, Math.ceil(Number(ttl) / 1000));
  throw new AppError(429, refusal, undefined, { 'retry-after': String(seconds) });
}

/** Counters older than this are swept now and then. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Clears counters of windows long past; called now and then by whoever counts. */
export async function sweepCounters(db: Db) {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${KEEP_MS / 1000})`)
    .catch(() => undefined);
}
