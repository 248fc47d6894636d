import { and, eq, inArray, like, not, or } from 'drizzle-orm';
import { calendarBusyMessages } from '@common/calendar-busy-messages';
import type { CaldavCalendar, CaldavConnection, CaldavStatus } from '@common/calendar-caldav';
import type { Db, Tx } from '../../../db/client';
import { caldavConnections } from '../../../db/schema';
import { PASSWORD_MASK, type SecretBox } from '../../../secrets/secret-box';
import type { CaldavCredentials } from './client';

// The seam between the CalDAV connection and what uses it: the publishing jobs here, and the busy-times sync, which
// reads an account's credentials and chosen calendars through `caldavAccountOf` and never the table itself.

/** A connected account, opened for the server's own work (never answered to a browser). */
export interface CaldavAccount extends CaldavCredentials {
  userId: string;
  publishCalendar: CaldavCalendar;
  /** The calendars whose events are the user's busy times. */
  readCalendars: CaldavCalendar[];
  publishTasks: boolean;
  publishActivities: boolean;
  /** Busy events show their titles on the calendar screen. */
  showTitles: boolean;
  status: CaldavStatus;
}

type ConnectionRow = typeof caldavConnections.$inferSelect;

export async function connectionRow(db: Db | Tx, userId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(caldavConnections).where(eq(caldavConnections.userId, userId));
  return row;
}

/**
 * The user's connected CalDAV account with its app password opened, or null when none is connected (or its password
 * was sealed under another SECRET_KEY, and so cannot be used until the user saves it again).
 */
export async function caldavAccountOf(db: Db | Tx, secrets: SecretBox, userId: string): Promise<CaldavAccount | null> {
  const row = await connectionRow(db, userId);
  if (!row) return null;
  const password = secrets.decrypt(row.passwordEncrypted);
  if (password === null) return null;
  return {
    userId,
    serverUrl: row.serverUrl,
    username: row.username,
    password,
    publishCalendar: { url: row.publishCalendarUrl, name: row.publishCalendarName },
    readCalendars: row.readCalendars,
    publishTasks: row.publishTasks,
    publishActivities: row.publishActivities,
    showTitles: row.showTitles,
    status: row.status as CaldavStatus,
  };
}

/** What the browser sees: the password only as a fixed mask, as a mail password. */
export const toConnection = (row: ConnectionRow): CaldavConnection => ({
  serverUrl: row.serverUrl,
  username: row.username,
  passwordMasked: PASSWORD_MASK,
  publishCalendar: { url: row.publishCalendarUrl, name: row.publishCalendarName },
  readCalendars: row.readCalendars,
  publishTasks: row.publishTasks,
  publishActivities: row.publishActivities,
  showTitles: row.showTitles,
  // The column's check allows only these.
  status: row.status as CaldavStatus,
  lastError: row.lastError,
  lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
});

/** A failure of the account's work (publishing, reading busy times): shown on the screen with its reason. */
export async function markCaldavFailed(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(caldavConnections)
    .set({ status: 'error', lastError: reason, lastErrorAt: new Date() })
    .where(eq(caldavConnections.userId, userId));
}

/** The busy-times sync's reasons of failure (its own words, `common/calendar-busy-messages.ts`). */
const busySyncReasons = Object.values(calendarBusyMessages);

/** Whether the connection's last error is the busy-times sync's (then only that sync's success clears it). */
const isBusySyncError = or(
  inArray(caldavConnections.lastError, busySyncReasons),
  like(caldavConnections.lastError, `${calendarBusyMessages.serverAnswered}%`),
)!;

/**
 * One kind of the account's work succeeded: the status says connected again, if the failure it shows was that
 * kind's. A read calendar that keeps failing stays on the card while publishing works, and the other way round.
 * The last error stays for the record.
 */
export async function markCaldavWorking(db: Db, userId: string, work: 'publishing' | 'busy sync'): Promise<void> {
  await db
    .update(caldavConnections)
    .set({ status: 'connected' })
    .where(
      and(
        eq(caldavConnections.userId, userId),
        eq(caldavConnections.status, 'error'),
        work === 'busy sync' ? isBusySyncError : not(isBusySyncError),
      ),
    );
}
