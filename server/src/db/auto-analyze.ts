import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { selectRows } from './select-rows';

/** How often the embedded database looks for tables whose statistics have gone stale. */
export const AUTO_ANALYZE_INTERVAL_MS = 60_000;

/**
 * PGlite runs no autovacuum, so nothing refreshes the planner's statistics: a table filled after its
 * last ANALYZE looks tiny, and a list query sorts all of a user's rows instead of reading the index
 * behind its sort (50 ms instead of 0.3 ms at 10,000 rows). This applies autovacuum's own rule:
 * analyze a table once more than 50 rows plus 10 % of it changed since its last analyze.
 */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  // A backend sends its counters to the shared statistics at most once a second: without this, rows
  // written moments ago may not count yet (PostgreSQL 15 and later, PGlite included).
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const stale = await selectRows<{ relname: string }>(
    db,
    sql`select relname from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup order by relname`,
  );
  const tables = stale.map((row) => row.relname);
  for (const table of tables) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
    await cleanGinPendingLists(db, table);
  }
  return tables;
}

/**
 * A GIN index (the search's trigram indexes) queues new entries in a pending list that vacuum merges; with
 * no autovacuum that list only grows, and every search reads it whole (150 ms at 100,000 contacts). This
 * merges the pending lists of `table`'s GIN indexes, or of every table's, as autovacuum would.
 */
export async function cleanGinPendingLists(db: Db, table?: string): Promise<void> {
  await db.execute(cleanGinPendingListsSql(table));
}

/** The statement of `cleanGinPendingLists` (the bench runs it through a bare driver). */
export const cleanGinPendingListsSql = (table?: string) => sql`select gin_clean_pending_list(i.indexrelid)
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where am.amname = 'gin' and n.nspname = current_schema()
      ${table ? sql`and t.relname = ${table}` : sql``}`;

/**
 * Nor does anything set the visibility map, which lets an index-only scan skip the table: with it unset, a
 * capped count or a dashboard total fetches every row it counts from the table as well (the task board's
 * counts 70 ms instead of 9 ms at 200,000 tasks), or the planner reads the whole table instead. This vacuums,
 * by autovacuum's own rules, a table with many rows written or deleted since its last vacuum, and one whose
 * pages are mostly not all-visible: the counters start at zero when the database is reopened, its pages' state
 * does not.
 */
export async function vacuumChangedTables(db: Db): Promise<string[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const stale = await selectRows<{ relname: string }>(
    db,
    sql`select s.relname from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup or s.n_dead_tup > 50 + 0.2 * s.n_live_tup
        or c.relpages > 100 and c.relallvisible < 0.5 * c.relpages
      order by s.relname`,
  );
  const tables = stale.map((row) => row.relname);
  for (const table of tables) await db.execute(sql`vacuum ${sql.identifier(table)}`);
  return tables;
}

/**
 * Runs analyzeChangedTables and vacuumChangedTables now and then every interval, one run at a time; stop()
 * waits for a run under way.
 */
export function startAutoAnalyze(db: Db, intervalMs = AUTO_ANALYZE_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  // A failed run (the database closing, a table dropped meanwhile) is retried at the next interval.
  const run = () => {
    running = running
      .then(() => analyzeChangedTables(db))
      .then(() => vacuumChangedTables(db))
      .catch(() => undefined);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
