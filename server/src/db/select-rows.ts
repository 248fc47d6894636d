import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Raw SQL's rows: both drivers answer `execute` with `{ rows }`, which Drizzle's shared type does not say. */
export async function selectRows<Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/**
 * Rows of `query` as one JSON value (null for none), in its order: several reads answered by one statement (one
 * round trip), each planned on its own. Their columns must survive JSON as the caller reads them (text, numbers,
 * booleans).
 */
export const jsonRows = (query: SQL) => sql`(select json_agg(x) from (${query}) x)`;
