import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { FolderLockedError } from './folder-lock';

const folders: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pipewise-db-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database', () => {
  it('keeps data across restarts and runs its migrations again safely', async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const second = await openDatabase({ dataDir });
    const result = (await second.db.execute(sql`select value from kept`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ value: 'still here' }]);
    await second.close();
  });

  it('refuses a folder that another running server holds', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(FolderLockedError);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'db.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});
