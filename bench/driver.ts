import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** A raw driver on the seeded database, outside the server: the floor every API request is compared with. */
export async function openDriver(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ query: Query; close(): Promise<void> }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const client = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gist } });
  await client.waitReady;
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}
