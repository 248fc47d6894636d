import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { EmailAccountCheck } from '@common/email';
import type { Db, Tx } from '../../db/client';
import { emailAccounts } from '../../db/schema';

// An account's mail check state, kept on its row: the lease that lets one check at a time run on it, whichever
// server process runs it (given back when done, or running out should the process die), when it is due again,
// and how its last check went; and where its last 'Check Mail' job is. The email area's checks change these only through this module.

/** How long a check may hold its account: a check cut short (a killed server) frees it by then. */
const CHECK_LEASE_MINUTES = 5;
/** Accounts one round of the scheduler claims; more wait for the next round. */
const DUE_ACCOUNTS_PER_ROUND = 10;

const leaseEnd = sql.raw(`now() + interval '${CHECK_LEASE_MINUTES} minutes'`);
const leaseFree = sql`(${emailAccounts.checkLeaseUntil} is null or ${emailAccounts.checkLeaseUntil} < now())`;

const claimedColumns = {
  id: emailAccounts.id,
  userId: emailAccounts.userId,
  email: emailAccounts.email,
  allowUnencrypted: emailAccounts.allowUnencrypted,
};
/** An account whose lease a check holds, with what the check needs of it. */
export type ClaimedAccount = { id: string; userId: string; email: string; allowUnencrypted: boolean };

/** Takes the account's lease; null when another check holds it. */
export async function claimAccount(db: Db, userId: string, accountId: string): Promise<ClaimedAccount | null> {
  const [claimed] = await db
    .update(emailAccounts)
    .set({ checkLeaseUntil: leaseEnd })
    .where(and(eq(emailAccounts.id, accountId), eq(emailAccounts.userId, userId), leaseFree))
    .returning(claimedColumns);
  return claimed ?? null;
}

/** Extends a lease that has not run out yet; false when it has. */
export async function renewLease(db: Db, accountId: string): Promise<boolean> {
  const renewed = await db
    .update(emailAccounts)
    .set({ checkLeaseUntil: leaseEnd })
    .where(and(eq(emailAccounts.id, accountId), gte(emailAccounts.checkLeaseUntil, sql`now()`)))
    .returning({ id: emailAccounts.id });
  return renewed.length > 0;
}

/**
 * Claims the accounts due (checked automatically, due, not held by a check) in one statement, the longest due
 * first; rows another process is claiming at the same moment are skipped, not waited for.
 */
export function claimDueAccounts(db: Db, limit = DUE_ACCOUNTS_PER_ROUND): Promise<ClaimedAccount[]> {
  const due = db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(isNotNull(emailAccounts.checkEveryMinutes), lte(emailAccounts.nextCheckAt, sql`now()`), leaseFree))
    .orderBy(asc(emailAccounts.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailAccounts)
    .set({ checkLeaseUntil: leaseEnd })
    .where(and(inArray(emailAccounts.id, due), leaseFree))
    .returning(claimedColumns);
}

/** Records a check's outcome (null: no trouble), gives the lease back and makes the account due its interval later. */
export async function finishCheck(db: Db, accountId: string, error: string | null): Promise<void> {
  await db
    .update(emailAccounts)
    .set({
      lastCheckedAt: sql`now()`,
      lastCheckError: error,
      checkLeaseUntil: null,
      nextCheckAt: sql`case when ${emailAccounts.checkEveryMinutes} is null then null
        else now() + make_interval(mins => ${emailAccounts.checkEveryMinutes}) end`,
    })
    .where(eq(emailAccounts.id, accountId));
}

/**
 * A 'Check Mail' not finished by then is taken as lost (its job gone past its retries): the account may be queued
 * again. Well past the lease and the job's expiry.
 */
const MANUAL_CHECK_STALE_MINUTES = 20;

/**
 * Marks the user's accounts (or the one named) as queued for 'Check Mail', except those already queued or being
 * checked: one check of an account at a time however often the button is pressed. Answers the accounts marked, which
 * the caller queues a job for in the same transaction.
 */
export function queueManualChecks(tx: Tx, userId: string, accountId?: string): Promise<Array<{ id: string }>> {
  return tx
    .update(emailAccounts)
    .set({
      manualCheckState: 'queued',
      manualCheckNewMessages: 0,
      manualCheckError: null,
      manualCheckRequestedAt: sql`now()`,
      manualCheckFinishedAt: null,
    })
    .where(
      and(
        eq(emailAccounts.userId, userId),
        accountId ? eq(emailAccounts.id, accountId) : undefined,
        sql`(${emailAccounts.manualCheckState} is null or ${emailAccounts.manualCheckState} not in ('queued', 'checking')
          or ${emailAccounts.manualCheckRequestedAt} < now() - interval '${sql.raw(String(MANUAL_CHECK_STALE_MINUTES))} minutes')`,
      ),
    )
    .returning({ id: emailAccounts.id });
}

/** The account's 'Check Mail' has its lease and starts. */
export async function markManualCheckStarted(db: Db, accountId: string): Promise<void> {
  await db.update(emailAccounts).set({ manualCheckState: 'checking' }).where(eq(emailAccounts.id, accountId));
}

/** The account's 'Check Mail' finished: its count, and its reason when it failed. */
export async function recordManualCheck(db: Db, check: EmailAccountCheck): Promise<void> {
  await db
    .update(emailAccounts)
    .set({
      manualCheckState: check.error === null ? 'done' : 'failed',
      manualCheckNewMessages: check.newMessages,
      manualCheckError: check.error,
      manualCheckFinishedAt: sql`now()`,
    })
    .where(eq(emailAccounts.id, check.accountId));
}
