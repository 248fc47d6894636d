import { sql, type SQL } from 'drizzle-orm';

// What the chatbot area's raw queries share.

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs (rows made in one statement share a millisecond). */
export const iso = (column: string, precision: 'MS' | 'US' = 'MS'): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

/** A timestamp column that may be null, as ISO 8601 or null. */
export const isoOrNull = (column: string): SQL =>
  sql`case when ${sql.raw(column)} is null then null else ${iso(column)} end`;

/** A json or jsonb value as a raw query returns it: parsed by both drivers, or text from a cast. */
export function readJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/**
 * A value as the text of a jsonb parameter. A lone surrogate, which JSON.stringify writes as `\udXXX` (a pair it
 * writes as the character itself), becomes U+FFFD: PostgreSQL refuses it in jsonb, where a text column gets the
 * same replacement from the driver's UTF-8.
 */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value).replace(/(?<!\\)((?:\\\\)*)\\u(d[89a-f][0-9a-f]{2})/gi, '$1\\ufffd');
}
