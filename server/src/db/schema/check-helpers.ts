import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// CHECK constraints end up as literal SQL in the migration, so values are inlined (quoted), never bound
// as parameters: drizzle-kit would otherwise write "$1" into the DDL.

function literal(value: string): SQL {
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/** `column in ('a', 'b', ...)` */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(values.map(literal), sql`, `)})`;
}

/** The column holds at least one non-space character. */
export function isNotBlank(column: AnyPgColumn): SQL {
  return sql`length(btrim(${column})) > 0`;
}

/** The column matches a POSIX regular expression. */
export function matchesPattern(column: AnyPgColumn, pattern: string): SQL {
  return sql`${column} ~ ${literal(pattern)}`;
}

/** `min <= column <= max` for integer bounds. */
export function isBetween(column: AnyPgColumn, min: number, max: number): SQL {
  return sql`${column} between ${sql.raw(String(Math.trunc(min)))} and ${sql.raw(String(Math.trunc(max)))}`;
}
