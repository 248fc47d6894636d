import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import { rateLimits } from '../db/schema';

/** Failed sign-ins one e-mail address may have before it is locked, whatever addresses they come from. */
export const ACCOUNT_FAILURES_ALLOWED = 5;
/** How long an address stays locked after its last counted failure. */
export const ACCOUNT_LOCK_SECONDS = 15 * 60;

/** The counter's key: a hash, so no e-mail address is stored beside the attempt limits. */
const keyOf = (email: string) =>
  createHash('sha256').update(`sign-in-account|${email.trim().toLowerCase()}`).digest('base64url');

/**
 * Counts a sign-in attempt for an e-mail address before its password is checked, in the attempt limits' table
 * (shared by every server process, kept across restarts). Counting first, in one upsert, lets no burst of parallel
 * guesses past the limit. Answers 0 when the attempt may go on, or the seconds left while the address is locked:
 * the lock runs from the last failure it allowed, and attempts refused while locked do not prolong it.
 */
export async function takeSignInAttempt(db: Db, email: string): Promise<number> {
  const lock = sql`make_interval(secs => ${ACCOUNT_LOCK_SECONDS})`;
  const expired = sql`${rateLimits.windowStart} + ${lock} <= now()`;
  const [row] = await selectRows<{ count: number; wait: number }>(
    db,
    sql`insert into ${rateLimits} (key) values (${keyOf(email)})
      on conflict (key) do update set
        count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${expired} or ${rateLimits.count} < ${ACCOUNT_FAILURES_ALLOWED} then now()
          else ${rateLimits.windowStart} end
      returning count,
        ceil(greatest(1, extract(epoch from (${rateLimits.windowStart} + ${lock} - now()))))::int as wait`,
  );
  return Number(row!.count) > ACCOUNT_FAILURES_ALLOWED ? Number(row!.wait) : 0;
}

/** A right password: the address starts afresh. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
}
