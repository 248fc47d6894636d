import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from './schema';
import { analyzeChangedTables, vacuumChangedTables } from './auto-analyze';
import { selectRows } from './select-rows';
import { buildTestApp, signUp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const planOf = async (query: ReturnType<typeof sql>) =>
  (await selectRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${query}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

describe('statistics for the planner', () => {
  it('analyzes a table that changed, and the contacts list then reads its index instead of sorting', async () => {
    const user = await signUp(t.app, 'stat');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      userId: user.id,
      workspaceId: user.id,
      name: `Person ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.database.db.insert(contacts).values(rows.slice(i, i + 1000));

    // On a PostgreSQL server the inserts ran on other pooled connections, which report their counters when idle.
    await expect.poll(() => analyzeChangedTables(t.database.db), { timeout: 15_000 }).toContain('contacts');
    const plan = await planOf(sql`select * from contacts where workspace_id = ${user.id} order by name, id limit 51`);
    expect(plan).toContain('contacts_workspace_name_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('pages deep into the list through the same index', async () => {
    const user = await signUp(t.app, 'deep');
    await analyzeChangedTables(t.database.db);
    const plan = await planOf(
      sql`select * from contacts where workspace_id = ${user.id} and (name, id) > (${'Person 2500'}, ${'00000000-0000-0000-0000-000000000000'}::uuid) order by name, id limit 51`,
    );
    expect(plan).toContain('contacts_workspace_name_idx');
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('the visibility map for index-only scans', () => {
  it('vacuums a table once many rows are written since its last vacuum, and not again until more are', async () => {
    const user = await signUp(t.app, 'vacuum');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      userId: user.id,
      workspaceId: user.id,
      name: `Visible ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.database.db.insert(contacts).values(rows.slice(i, i + 1000));

    // Counters from other pooled connections arrive late, as above.
    await expect.poll(() => vacuumChangedTables(t.database.db), { timeout: 15_000 }).toContain('contacts');
    expect(await vacuumChangedTables(t.database.db)).not.toContain('contacts');
  });
});
