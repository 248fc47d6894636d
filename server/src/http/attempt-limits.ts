import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
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

/** Each limit's count and the milliseconds left in its window, as `countedAttempts` selects them. */
export type CountedAttempts = [count: number | null, ttl: number | null][];

/**
 * One attempt counted against each limit, in order, as CTEs (`attempt0`, `attempt1`, …) of one statement: a limit
 * counts only while the ones before it hold, so an attempt refused per address uses up nothing of the form's or the
 * bot's allowance. The statement commits without waiting for the disk, as the store's: a count lost in a crash is
 * harmless. PostgreSQL runs a writing CTE once whether or not the statement reads it, so the caller's own read (of
 * the form, say) can carry them, and the attempt costs no round trip of its own: select `countedAttempts(limits)`
 * and hand it to `refuseOverLimits` before writing anything.
 */
export function attemptCounters(db: Db, limits: AttemptLimit[]) {
  if (Math.random() < 0.01) void sweepCounters(db);
  return limits.map((limit, i) => {
    const before = limits[i - 1];
    const from = before ? sql`${sql.raw(`attempt${i - 1}`)} where count <= ${before.max}` : noWaitCommit;
    return db
      .$with(`attempt${i}`, { count: sql<number>`count`, ttl: sql<number>`ttl` })
      .as(counterUpsert(storedKey(limit.key), limit.windowMs, from));
  });
}

/** The counts of `attemptCounters`' CTEs, as one JSON column. */
export const countedAttempts = (limits: AttemptLimit[]) =>
  sql<CountedAttempts>`json_build_array(${sql.join(
    limits.map((_, i) => sql.raw(`json_build_array((select count from attempt${i}), (select ttl from attempt${i}))`)),
    sql`, `,
  )})`;

/** Throws `refusal` (a 429 with Retry-After) at the first limit whose counted attempts exceed it. */
export function refuseOverLimits(limits: AttemptLimit[], counted: CountedAttempts | null | undefined, refusal: string) {
  limits.forEach((limit, i) => {
    const [count, ttl] = counted?.[i] ?? [null, null];
    if (count == null || Number(count) <= limit.max) return;
    const seconds = Math.max(1, Math.ceil(Number(ttl) / 1000));
    throw new AppError(429, refusal, undefined, { 'retry-after': String(seconds) });
  });
}

/** Counts one attempt against each limit in a statement of its own; throws `refusal` at the first exceeded. */
export async function countAttempts(db: Db, limits: AttemptLimit[], refusal: string): Promise<void> {
  const [row] = await db
    .with(...attemptCounters(db, limits))
    .select({ counted: countedAttempts(limits) })
    .from(sql`(select 1) as one`);
  refuseOverLimits(limits, row?.counted, refusal);
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
