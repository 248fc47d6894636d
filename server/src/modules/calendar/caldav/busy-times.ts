import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { calendarBusyTimes } from '../../../db/schema';

// What the booking page reads of the calendar busy times: only the database, never a calendar server, so a slow or
// unreachable server cannot slow the page (decisions.md "Calendar busy times").

/** The row's time overlaps [from, to): the expression calendar_busy_times_user_during_idx indexes. */
const overlaps = (from: SQL, to: SQL) =>
  sql`tstzrange(${calendarBusyTimes.startsAt}, ${calendarBusyTimes.endsAt}) && tstzrange(${from}, ${to})`;

/**
 * A SELECT of (start, end) of the user's busy times overlapping [from, to), to join (UNION ALL) to a read of
 * bookings, so that both come in one statement.
 */
export const busyTimesDuring = (userId: string, from: SQL, to: SQL) =>
  sql`select ${calendarBusyTimes.startsAt}, ${calendarBusyTimes.endsAt} from ${calendarBusyTimes}
    where ${calendarBusyTimes.userId} = ${userId} and ${overlaps(from, to)}`;

/** Whether a known busy time of the user overlaps [start, end): a booking's last check, in its transaction. */
export async function isBusyDuring(tx: Tx, userId: string, start: Date, end: Date): Promise<boolean> {
  const epoch = (at: Date) => sql`to_timestamp(${at.getTime() / 1000}::double precision)`;
  const [row] = await tx
    .select({ one: sql`1` })
    .from(calendarBusyTimes)
    .where(and(eq(calendarBusyTimes.userId, userId), overlaps(epoch(start), epoch(end))))
    .limit(1);
  return row !== undefined;
}
