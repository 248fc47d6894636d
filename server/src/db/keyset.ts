import { count, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP, type Count } from '@common/http';
import type { Db } from './client';
import type { CursorKey, KeysetPage } from '../http/cursor';

/**
 * Keyset paging: rows after `after` in the order (sort, id), both ascending. The row comparison
 * is answered by an index on (user_id, sort, id) without reading the rows before it, however deep the page.
 */
export function afterKey(sort: AnyColumn | SQL, id: AnyColumn | SQL, after: CursorKey | null): SQL | undefined {
  if (!after) return undefined;
  return sql`(${sort}, ${id}) > (${after[0]}, ${after[1]}::uuid)`;
}

/**
 * Keyset paging in descending order (sort desc, id desc), e.g. newest first: rows before `before`.
 * The index is on (…, sort desc, id desc). A timestamp sort value travels as its ISO string with microseconds,
 * so rows created in the same millisecond are neither skipped nor doubled.
 */
export function beforeKey(sort: AnyColumn | SQL, id: AnyColumn | SQL, before: CursorKey | null): SQL | undefined {
  if (!before) return undefined;
  return sql`(${sort}, ${id}) < (${before[0]}, ${before[1]}::uuid)`;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only tells that a next page exists,
 * so the last page has no cursor and no query ever counts the rows.
 */
export function keysetPage<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): KeysetPage<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { items: pageRows.map(toItem), next: rows.length > limit && last ? keyOf(last) : null };
}

/**
 * A list's total for the browser, counted up to `cap` rows: asked once per view (not per page),
 * and bounded in cost however many rows a user has; past the cap the screen says "10,000+".
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap = COUNT_CAP): Promise<Count> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), hasMore: n > cap };
}
