import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema';
import { startAutoAnalyze } from './auto-analyze';
import { acquireFolderLock } from './folder-lock';
import { PgliteThread } from './pglite-thread';
import { MEMBER_CONNECTION_OPTIONS, useMemberPool } from './member-scope';
import { listenForMembershipChanges, MembershipCache, useMembershipCache } from './membership-cache';
import { inProject } from '../project-root';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of `Db`, for helpers that run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A PostgreSQL database whose encoding is not UTF8: it would cut and garble text, so the server refuses it. */
export class DatabaseEncodingError extends Error {}

const migrationsFolder = inProject('drizzle');

/**
 * Opens the database: PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or in memory when
 * `dataDir` is null, for tests), on a thread of its own (pglite-thread.ts). Migrations run before it is handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** An in-memory embedded database starts from this dump (`dumpDataDir`) instead of an empty cluster. */
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPostgres(url: string): Promise<Database> {
  // A database that cannot be reached fails a request within seconds (503) rather than holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection that the server ends (a restart, an administrator, a dropped test database) is
  // reported here and left by the pool, which opens a new one when next needed; unheard, it would end the process.
  pool.on('error', () => undefined);
  // The same for a connection lost while checked out between two queries: its next query fails instead,
  // and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema });
  // Several server processes may start at once: one migrates, the others wait on the lock.
  const client = await pool.connect();
  try {
    await assertUtf8(client);
    await client.query('select pg_advisory_lock(7419301)');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    await client.query('select pg_advisory_unlock(7419301)');
    client.release();
  } catch (error) {
    // The lock ends with the connection.
    client.release(true);
    await pool.end();
    throw error;
  }
  // A member's reads, and their writes that open their own transactions, go to connections of the member's role
  // (member-scope.ts, `asMember`): opened when first needed, after the migrations above made the role.
  const memberPool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    options: MEMBER_CONNECTION_OPTIONS,
  });
  memberPool.on('error', () => undefined);
  memberPool.on('connect', (client) => client.on('error', () => undefined));
  useMemberPool(db, memberPool);
  // Memberships kept while their changes are heard (membership-cache.ts): a signed-in read skips reading its own.
  const memberships = new MembershipCache();
  useMembershipCache(db, memberships);
  const listener = listenForMembershipChanges(url, memberships);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: async () => {
      await listener.close();
      await Promise.all([pool.end(), memberPool.end()]);
    },
  };
}

/**
 * SQL_ASCII counts bytes, not characters: cutting a name to a length could split an emoji and store text that
 * can no longer be read back. The other encodings cannot hold every character a user types.
 */
async function assertUtf8(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ server_encoding: string }>('show server_encoding');
  const encoding = rows[0]?.server_encoding;
  if (encoding === 'UTF8') return;
  throw new DatabaseEncodingError(
    `The PostgreSQL database uses the ${encoding} encoding; Pipewise needs UTF8. ` +
      `Create it with: CREATE DATABASE name ENCODING 'UTF8' TEMPLATE template0`,
  );
}

async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  const folder = dataDir ? path.join(dataDir, 'db') : null;
  const releaseLock = folder ? acquireFolderLock(folder) : () => undefined;
  try {
    const client = new PgliteThread(folder, await snapshot?.arrayBuffer());
    await client.waitReady;
    // Drizzle calls only what PgliteThread has of PGlite (query, exec, transaction).
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder });
    const autoAnalyze = startAutoAnalyze(db);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await autoAnalyze.stop();
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
