import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../secrets/secret-box';
import { runDueChecks, type MailCheckConfig } from './check';

/** How often the server looks for accounts due for their automatic check. */
export const MAIL_CHECK_INTERVAL_MS = 30_000;

/**
 * The automatic checks, run by the server itself: a round now and every interval, never two rounds at once.
 * stop() waits for the account being checked; its state is all in the database, so a restart goes on from there.
 */
export function startMailChecks(
  db: Db,
  secrets: SecretBox,
  config: MailCheckConfig,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  intervalMs = MAIL_CHECK_INTERVAL_MS,
): { stop(): Promise<void> } {
  let stopped = false;
  let round: Promise<void> | null = null;
  const run = () => {
    if (round || stopped) return;
    round = runDueChecks(db, secrets, config, { log, stopping: () => stopped })
      // A round that fails (the database away for a moment) is tried again at the next interval.
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'automatic mail checks failed'),
      )
      .finally(() => {
        round = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
