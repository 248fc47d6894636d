import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  caldavMessages,
  needsCaldavPasswordAgain,
  type CaldavCalendar,
  type CaldavConnectionAnswer,
  type CaldavDisconnect,
  type caldavSaveInputSchema,
  type caldavTestInputSchema,
} from '@common/calendar-caldav';
import type { Db } from '../../../db/client';
import { caldavConnections, caldavPublished } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { JobQueue } from '../../../jobs/queue';
import type { SecretBox } from '../../../secrets/secret-box';
import { connectionRow, toConnection } from './account';
import { clearBusyTimes, queueBusySync } from './busy-sync-jobs';
import {
  caldavTransport,
  CaldavError,
  deleteEvent,
  discoverCalendars,
  type CaldavCredentials,
  type CaldavOptions,
} from './client';
import { notePublishAll } from './publish-note';

// The CalDAV connection's settings (issue 31): personal, one per user, run as the server's role like mail accounts.

export type CaldavTestValues = z.output<typeof caldavTestInputSchema>;
export type CaldavSaveValues = z.output<typeof caldavSaveInputSchema>;

export async function getCaldavConnection(db: Db, userId: string): Promise<CaldavConnectionAnswer> {
  const row = await connectionRow(db, userId);
  return { connection: row ? toConnection(row) : null };
}

/** Which field a failure to connect is about, so the form can show it there. */
const fieldOf = (message: string) => (message === caldavMessages.wrongPassword ? 'password' : 'serverUrl');

/** The credentials to try: the typed password, or the saved one while the server and the user name are unchanged. */
async function credentialsOf(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: CaldavTestValues,
  options: CaldavOptions,
): Promise<CaldavCredentials> {
  if (new URL(input.serverUrl).protocol === 'http:' && !options.allowPrivate)
    throw new AppError(400, caldavMessages.serverUrlNotHttps, { serverUrl: caldavMessages.serverUrlNotHttps });
  const { serverUrl, username } = input;
  if (input.password !== undefined) return { serverUrl, username, password: input.password };
  const stored = await connectionRow(db, userId);
  if (!stored) throw new AppError(400, caldavMessages.passwordRequired, { password: caldavMessages.passwordRequired });
  if (needsCaldavPasswordAgain(stored, input))
    throw new AppError(400, caldavMessages.passwordAgain, { password: caldavMessages.passwordAgain });
  const password = secrets.decrypt(stored.passwordEncrypted);
  if (password === null)
    throw new AppError(400, caldavMessages.passwordRequired, { password: caldavMessages.passwordRequired });
  return { serverUrl, username, password };
}

/** The account's event calendars; a server that cannot be used is a 400 with the reason, on the field it is about. */
async function calendarsOf(credentials: CaldavCredentials, options: CaldavOptions): Promise<CaldavCalendar[]> {
  try {
    return await discoverCalendars(credentials, options);
  } catch (error) {
    if (!(error instanceof CaldavError)) throw error;
    throw new AppError(400, error.message, { [fieldOf(error.message)]: error.message });
  }
}

/** "Test connection": the credentials checked and the calendars listed; nothing is saved. */
export async function testCaldav(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: CaldavTestValues,
  options: CaldavOptions,
): Promise<{ calendars: CaldavCalendar[] }> {
  const credentials = await credentialsOf(db, secrets, userId, input, options);
  return { calendars: await calendarsOf(credentials, options) };
}

/**
 * Connects, or changes the connection: the account is checked and its calendars listed again, so only calendars
 * the server offers are saved. Every record the calendar should hold is then noted for publishing (in the save's
 * transaction): a new calendar receives them, an option turned off takes them away, a reconnect catches up. The
 * busy times are read at once (a sync queued in the same transaction), not at the next round.
 */
export async function saveCaldav(
  db: Db,
  secrets: SecretBox,
  userId: string,
  input: CaldavSaveValues,
  options: CaldavOptions,
  queue: JobQueue | undefined,
): Promise<CaldavConnectionAnswer> {
  const credentials = await credentialsOf(db, secrets, userId, input, options);
  const calendars = await calendarsOf(credentials, options);
  const byUrl = new Map(calendars.map((calendar) => [calendar.url, calendar]));
  const publish = byUrl.get(input.publishCalendarUrl);
  if (!publish)
    throw new AppError(400, caldavMessages.calendarInvalid, { publishCalendarUrl: caldavMessages.calendarInvalid });
  const read = [...new Set(input.readCalendarUrls)].map((url) => byUrl.get(url));
  if (read.some((calendar) => !calendar))
    throw new AppError(400, caldavMessages.calendarInvalid, { readCalendarUrls: caldavMessages.calendarInvalid });
  const values = {
    serverUrl: credentials.serverUrl,
    username: credentials.username,
    passwordEncrypted: secrets.encrypt(credentials.password),
    publishCalendarUrl: publish.url,
    publishCalendarName: publish.name,
    readCalendars: read as CaldavCalendar[],
    publishTasks: input.publishTasks,
    publishActivities: input.publishActivities,
    showTitles: input.showTitles,
    status: 'connected',
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(caldavConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: caldavConnections.userId, set: values })
      .returning();
    await notePublishAll(tx, userId);
    if (queue) await queueBusySync(queue, userId, tx);
    return { connection: toConnection(row!) };
  });
}

/**
 * Removes every event the product published, then the connection and the busy times read through it. A server that cannot be reached (or refuses)
 * does not keep the user connected: the connection goes, and the answer says the events may remain.
 */
export async function disconnectCaldav(
  db: Db,
  secrets: SecretBox,
  userId: string,
  options: CaldavOptions,
): Promise<CaldavDisconnect> {
  const row = await connectionRow(db, userId);
  if (!row) throw new AppError(404, caldavMessages.notConnected);
  // The rows go before the events: a sync reading the calendar meanwhile must not take a removed booking's event
  // for one the user deleted (booking-read-back.ts cancels only while the row it read is there).
  const published = await db
    .delete(caldavPublished)
    .where(eq(caldavPublished.userId, userId))
    .returning({ href: caldavPublished.href });
  const password = secrets.decrypt(row.passwordEncrypted);
  let serverReached = password !== null;
  let eventsRemoved = 0;
  if (password !== null) {
    const transport = caldavTransport({ serverUrl: row.serverUrl, username: row.username, password }, options);
    for (const event of published) {
      try {
        await deleteEvent(transport, event.href);
        eventsRemoved++;
      } catch (error) {
        if (!(error instanceof CaldavError)) throw error;
        // A calendar deleted on the server took its events with it; any other failure ends the attempt.
        if (error.status === 409) continue;
        serverReached = false;
        break;
      }
    }
  }
  // The busy times go with the connection (they are not tied to it by a key: the booking page reads them alone).
  await db.transaction(async (tx) => {
    await tx.delete(caldavConnections).where(eq(caldavConnections.userId, userId));
    await clearBusyTimes(tx, userId);
  });
  return { serverReached, eventsRemoved };
}
