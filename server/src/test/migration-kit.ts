import type { PGlite } from '@electric-sql/pglite';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../db/client';
import { PgliteThread } from '../db/pglite-thread';
import { inProject } from '../project-root';
import { selectRows } from '../db/select-rows';
import { createPostgresDatabase } from './test-app';

// A database of an earlier release, migrated on to this one (migration tests): the migrations up to a tag, then the
// rest, on the embedded database or, with TEST_DB=postgres, on a new PostgreSQL database.

export interface UpgradableDatabase {
  db: Db;
  /** Runs the migrations after the release's. */
  upgrade(): Promise<void>;
  close(): Promise<void>;
}

/** A database migrated up to and including the migration tagged `lastTag` (e.g. '0017_chatbot-flows-…'). */
export async function databaseAt(lastTag: string): Promise<UpgradableDatabase> {
  const all = inProject('drizzle');
  const earlier = await mkdtemp(path.join(tmpdir(), 'pipewise-migrations-'));
  await cp(all, earlier, { recursive: true });
  const journalFile = path.join(earlier, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));

  if (process.env.TEST_DB === 'postgres') {
    const fresh = await createPostgresDatabase(undefined, 'pipewise_upgrade');
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    const db = drizzlePg({ client: pool });
    await migratePg(db, { migrationsFolder: earlier });
    return {
      db: db as unknown as Db,
      upgrade: () => migratePg(db, { migrationsFolder: all }),
      close: async () => {
        await pool.end();
        await fresh.drop();
        await rm(earlier, { recursive: true, force: true });
      },
    };
  }
  const client = new PgliteThread(null);
  await client.waitReady;
  const db = drizzlePglite({ client: client as unknown as PGlite });
  await migratePglite(db, { migrationsFolder: earlier });
  return {
    db: db as unknown as Db,
    upgrade: () => migratePglite(db, { migrationsFolder: all }),
    close: async () => {
      await client.close();
      await rm(earlier, { recursive: true, force: true });
    },
  };
}

/** Every row of every table of the public schema, as JSON text, sorted: what a migration must keep. */
export async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const found = await selectRows<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    rows[name] = found.map((r) => r.row).sort();
  }
  return rows;
}
