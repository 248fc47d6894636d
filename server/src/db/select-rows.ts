import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Raw SQL's rows: both drivers answer `execute` with `{ rows }`, which Drizzle's shared type does not say. */
export async function selectRows<Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
