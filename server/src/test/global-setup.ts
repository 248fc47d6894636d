import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../../scripts/server-bundle';
import { openDatabase } from '../db/client';
import type { PgliteThread } from '../db/pglite-thread';
import { createPostgresDatabase } from './test-app';

/**
 * Migrates one database per test run, and every test's fresh database starts as a copy of it: an empty embedded
 * cluster and its migrations cost seconds each, a copy a fraction of that.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The tests that start the server as a process run this bundle (server-process.ts).
  await buildServerBundle();
  if (project.name === 'postgres') {
    const template = await createPostgresDatabase(undefined, 'pipewise_template');
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    await database.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    project.provide('pgliteSnapshot', '');
    return template.drop;
  }
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  const dump = await client.dumpDataDir();
  await database.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'pipewise-snapshot-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}
