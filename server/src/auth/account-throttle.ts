import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import { rateLimits } from '../db/schema';

/** Failed sign-ins one e-mail address may have before it is locked, whatever addresses they come from. */
export const ACCOUNT_FAILURES_ALLOWED = 5;
/** How long an address stays locked after its last failure. */
export const ACCOUNT_LOCK_SECONDS = 15 * 60;

/** The counter's key: a hash, so no e-mail address is stored beside the attempt limits. */
const keyOf = (email: string) =>
  createHash('sha256').update(`sign-in-account|${email.trim().toLowerCase()}`).digest('base64url');

const lock = sql`make_interval(secs => ${ACCOUNT_LOCK_SECONDS})`;

/**
 * The seconds an e-mail address stays locked, or 0: it is locked once it has ACCOUNT_FAILURES_ALLOWED failures, each
 * within ACCOUNT_LOCK_SECONDS of the next, until ACCOUNT_LOCK_SECONDS after the last. The counts live in the attempt
 * limits' table, shared by every server process and kept across restarts.
 */
export async function accountLockSeconds(db: Db, email: string): Promise<number> {
  const [row] = await selectRows<{ wait: number }>(
    db,
    sql`select ceil(extract(epoch from (${rateLimits.windowStart} + ${lock} - now())))::int as wait
      from ${rateLimits}
      where ${rateLimits.key} = ${keyOf(email)} and ${rateLimits.count} >= ${ACCOUNT_FAILURES_ALLOWED}
        and ${rateLimits.windowStart} + ${lock} > now()`,
  );
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/** A wrong password: one more failure, and the lock (if it comes) runs from now. */
export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  await db.execute(
    sql`insert into ${rateLimits} (key) values (${keyOf(email)})
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} + ${lock} <= now() then 1 else ${rateLimits.count} + 1 end,
        window_start = now()`,
  );
}

/** A right password: the address starts afresh. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
}
