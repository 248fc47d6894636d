import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** PostgreSQL's text of a timestamptz in UTC: date, time, up to six digits of fraction, `+00`. */
const utcText = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the ISO text the API answers with (`toISOString`'s: milliseconds, `Z`), from the text both
 * drivers hand Drizzle. A UTC time is rewritten as text; any other (a session in another time zone) goes through
 * `Date`, as Drizzle's own column would (a list of 50 rows read its times through `Date` twice each).
 */
export function isoFromDriver(text: string): string {
  const utc = utcText.exec(text);
  if (!utc) return new Date(text).toISOString();
  const fraction = (utc[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${utc[1]}T${utc[2]}.${fraction}Z`;
}

/** A timestamptz column selected as its ISO text: for the lists, whose rows only pass the time on. */
export function isoTimestamp<Column extends AnyPgColumn>(
  column: Column,
): SQL<Column['_']['notNull'] extends true ? string : string | null> {
  return sql`${column}`.mapWith(isoFromDriver);
}
