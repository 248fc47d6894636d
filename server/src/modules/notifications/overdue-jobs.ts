import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { addOverdueNotifications } from './overdue';

// The overdue reminders on the job queue (docs/decisions.md, "Job queue"): a pg-boss schedule sends one job a minute
// however many server processes run, and whichever process takes it adds every user's reminders (overdue.ts).

/** One run of the overdue reminders, every minute. */
export const OVERDUE_QUEUE = 'overdue-reminders';

/** Starts this process's worker of the overdue reminders, and the schedule (made once, kept by pg-boss). */
export async function startOverdueReminders(
  db: Db,
  queue: JobQueue,
  options: { log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<{ stop(): Promise<void> }> {
  const { boss } = queue;
  // A run that fails is not retried: the next minute's covers the same window. One still active after 10 minutes
  // was cut short by a killed process.
  await queue.createQueue(OVERDUE_QUEUE, { expireInSeconds: 600, retryLimit: 0 });
  await boss.schedule(OVERDUE_QUEUE, '* * * * *');
  await boss.work(OVERDUE_QUEUE, async () => {
    try {
      await addOverdueNotifications(db);
    } catch (error) {
      options.log.warn({ err: error }, 'adding the overdue reminders failed');
      throw error;
    }
  });
  return { stop: () => boss.offWork(OVERDUE_QUEUE) };
}

/** A run of the overdue reminders now, outside the schedule (tests). */
export const sendOverdueReminders = (queue: JobQueue) => queue.boss.send(OVERDUE_QUEUE, {});
