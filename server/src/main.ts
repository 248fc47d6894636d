import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseEncodingError, openDatabase } from './db/client';
import { FolderLockedError } from './db/folder-lock';
import { serverLogger } from './http/request-log';
import { startJobQueue } from './jobs/queue';
import { startContactImportJobs } from './modules/contacts/import-job';
import { startMailCheckJobs } from './modules/email/check-jobs';
import { startOverdueReminders } from './modules/notifications/overdue-jobs';
import { startWebhookDeliveries } from './modules/webhooks/delivery';
import { rescopeStaleFormCss } from './modules/forms/scoped-css';
import { startCaldavPublishing } from './modules/calendar/caldav/publish-jobs';
import { startBusySyncJobs } from './modules/calendar/caldav/busy-sync-jobs';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const log = pino(serverLogger(config));
  const openedAt = Date.now();
  // Said before, as a first start's new embedded database takes a minute on a small machine.
  log.info(
    config.databaseUrl
      ? 'Connecting to PostgreSQL and applying migrations…'
      : `Opening the embedded database in ${config.dataDir} (a new one takes longest) and applying migrations…`,
  );
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    log.info(`Database ready in ${Math.round((Date.now() - openedAt) / 1000)} s`);
  } catch (error) {
    if (error instanceof FolderLockedError || error instanceof DatabaseEncodingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Background work on the job queue (webhook deliveries, mail checks, overdue reminders, contact imports, CalDAV
  // publishing and sync), shared by every process on the same database.
  const jobs = await startJobQueue(database, log);
  // Answers written by their compiled serializers alone; the tests check each against its zod schema too.
  const app = await buildApp({ config, database, loggerInstance: log, jobs, checkAnswers: false });
  // Forms saved before their CSS was stored scoped, or under older rules: scoped once, now.
  await rescopeStaleFormCss(database.db).catch((error: unknown) =>
    app.log.warn({ err: error }, 'scoping the custom CSS of saved forms failed'),
  );
  // 'Check Mail' and the accounts' automatic mail checks, as jobs (several processes share them).
  const mailChecks = await startMailCheckJobs(database.db, jobs, app.secrets, config, {
    log: app.log,
    automatic: true,
  });
  const webhooks = await startWebhookDeliveries(database.db, jobs, app.secrets, {
    allowPrivate: config.allowPrivateHosts,
    log: app.log,
  });
  // Every user's overdue reminders, once a minute by whichever process takes the job.
  const overdue = await startOverdueReminders(database.db, jobs, { log: app.log });
  // Contact imports, a slice at a time.
  const imports = await startContactImportJobs(database.db, jobs, config.dataDir, app.log);
  // Bookings, tasks and deal activities published to the users' CalDAV calendars.
  const caldav = await startCaldavPublishing(database.db, jobs, app.secrets, {
    allowPrivate: config.allowPrivateHosts,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // The busy times of the users' read calendars, and their bookings' events read back from the publish calendar,
  // every few minutes and right after a connection is saved.
  const busySync = await startBusySyncJobs(database.db, jobs, app.secrets, {
    allowPrivateHosts: config.allowPrivateHosts,
    log: app.log,
    scheduled: true,
  });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await busySync.stop();
    await caldav.stop();
    await imports.stop();
    await overdue.stop();
    await webhooks.stop();
    await mailChecks.stop();
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Pipewise is at ${config.publicUrl} (database: ${database.kind})`);
  // The API reference's document, built once now (after listening, so start-up does not wait for it), not by its
  // first reader; a route it cannot describe leaves the reference unserved, never the server.
  try {
    app.swagger();
  } catch (error) {
    app.log.warn({ err: error }, 'building the API reference failed');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
