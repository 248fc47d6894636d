import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailCheckState } from '@common/constants';
import type { EmailCheckStatus } from '@common/email';
import { emailSendMessages } from '@common/email';
import type { Db } from '../../db/client';
import { emailAccounts } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { jobsDbOf, type JobQueue } from '../../jobs/queue';
import type { SecretBox } from '../../secrets/secret-box';
import {
  claimAccount,
  markManualCheckStarted,
  queueManualChecks,
  recordManualCheck,
} from '../email-accounts/check-lease';
import { checkClaimed, runDueChecks, type MailCheckConfig } from './check';

// 'Check Mail' and the automatic checks on the job queue (docs/decisions.md, "Check Mail as a job"). The button
// queues one job per account and answers at once; each account's state is kept on its row, so whichever server
// process is asked answers the screen's polling. The account's lease (email-accounts/check-lease.ts) still keeps
// a manual and an automatic check of one account apart.

/** One job per account 'Check Mail' asked for. */
export const MAIL_CHECK_QUEUE = 'mail-check';
/** One round of the automatic checks, every minute, by whichever process takes it. */
export const DUE_CHECKS_QUEUE = 'mail-checks-due';

interface MailCheckJob {
  userId: string;
  accountId: string;
}

/** Each process works this many accounts' checks at once: a slow mail server holds up one of them only. */
const WORKERS_PER_PROCESS = 2;
/** An account held by another check is tried again after this long. */
const BUSY_RETRY_SECONDS = 5;

/** Where the user's last 'Check Mail' is, for each account (or the one named: 404 when it is not theirs). */
export async function checkStatus(db: Db, userId: string, accountId?: string): Promise<EmailCheckStatus> {
  const rows = await db
    .select({
      accountId: emailAccounts.id,
      email: emailAccounts.email,
      state: emailAccounts.manualCheckState,
      newMessages: emailAccounts.manualCheckNewMessages,
      error: emailAccounts.manualCheckError,
      finishedAt: emailAccounts.manualCheckFinishedAt,
    })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), accountId ? eq(emailAccounts.id, accountId) : undefined))
    .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id));
  if (accountId && rows.length === 0) throw notFound();
  const accounts = rows.flatMap((row) =>
    row.state === null
      ? []
      : [{ ...row, state: row.state as EmailCheckState, finishedAt: row.finishedAt?.toISOString() ?? null }],
  );
  return {
    running: accounts.some((account) => account.state === 'queued' || account.state === 'checking'),
    newMessages: accounts.reduce((sum, account) => sum + (account.finishedAt ? account.newMessages : 0), 0),
    accounts,
  };
}

/**
 * 'Check Mail': queues a check of each of the user's accounts (or the one named) not already queued or being
 * checked, in one transaction with their state, and answers where they all are.
 */
export async function requestCheck(
  db: Db,
  queue: JobQueue | undefined,
  userId: string,
  accountId?: string,
): Promise<EmailCheckStatus> {
  const [owned] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), accountId ? eq(emailAccounts.id, accountId) : undefined))
    .limit(1);
  if (accountId && !owned) throw notFound();
  if (!owned) throw new AppError(400, emailSendMessages.noAccount);
  if (!queue) throw new AppError(503, emailSendMessages.checkUnavailable, undefined, { 'retry-after': '5' });
  await db.transaction(async (tx) => {
    const queued = await queueManualChecks(tx, userId, accountId);
    if (queued.length === 0) return;
    await queue.boss.insert(
      queued.map((account) => ({ name: MAIL_CHECK_QUEUE, data: { userId, accountId: account.id } })),
      { db: jobsDbOf(tx) },
    );
  });
  return checkStatus(db, userId, accountId);
}

export interface MailCheckJobOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The wait before an account held by another check is tried again. */
  busyRetrySeconds?: number;
  /** Runs the automatic checks' rounds too (the server does; tests of 'Check Mail' alone leave them off). */
  automatic?: boolean;
}

/**
 * Works one account's 'Check Mail': takes its lease (an automatic check holding it, the job comes back a little
 * later), checks it and records the outcome. An account deleted meanwhile is left.
 */
async function workCheck(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  config: MailCheckConfig,
  job: MailCheckJob,
  options: MailCheckJobOptions,
): Promise<void> {
  const claimed = await claimAccount(db, job.userId, job.accountId);
  if (!claimed) {
    const [exists] = await db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, job.accountId));
    if (exists)
      await queue.boss.send(MAIL_CHECK_QUEUE, job, { startAfter: options.busyRetrySeconds ?? BUSY_RETRY_SECONDS });
    return;
  }
  await markManualCheckStarted(db, claimed.id);
  await recordManualCheck(db, await checkClaimed(db, secrets, config, claimed, options.log));
}

/**
 * Starts this process's workers of 'Check Mail' and, when `automatic`, of the automatic checks: a round each
 * minute (pg-boss's schedule sends one job a minute however many processes run; a round claims its accounts with
 * `skip locked`, so rounds of several processes share them).
 */
export async function startMailCheckJobs(
  db: Db,
  queue: JobQueue,
  secrets: SecretBox,
  config: MailCheckConfig,
  options: MailCheckJobOptions,
): Promise<{ stop(): Promise<void> }> {
  const { boss } = queue;
  // A check holds its lease at most 5 minutes: a job still active past 10 was cut short by a killed process.
  await queue.createQueue(MAIL_CHECK_QUEUE, { expireInSeconds: 600, retryLimit: 2 });
  for (let i = 0; i < WORKERS_PER_PROCESS; i++) {
    await boss.work<MailCheckJob>(MAIL_CHECK_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await workCheck(db, queue, secrets, config, job.data, options);
    });
  }
  let stopping = false;
  if (options.automatic) {
    // A round that fails is not retried: the next minute's round follows.
    await queue.createQueue(DUE_CHECKS_QUEUE, { expireInSeconds: 900, retryLimit: 0 });
    await boss.schedule(DUE_CHECKS_QUEUE, '* * * * *');
    await boss.work(DUE_CHECKS_QUEUE, async () => {
      await runDueChecks(db, secrets, config, { log: options.log, stopping: () => stopping });
    });
  }
  return {
    stop: async () => {
      stopping = true;
      await boss.offWork(MAIL_CHECK_QUEUE);
      if (options.automatic) await boss.offWork(DUE_CHECKS_QUEUE);
    },
  };
}

/** A round of the automatic checks now, outside the schedule (tests). */
export const sendDueChecks = (queue: JobQueue) => queue.boss.send(DUE_CHECKS_QUEUE, {});
