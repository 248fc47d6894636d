import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@common/dashboard';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openTestDatabase, signUp, testConfig } from '../../test/test-app';
import { readWidget } from './service';

// A dashboard widget whose query fails: logged, answered as null, and the other widgets still answer.

describe('a widget that fails', () => {
  // An app of its own, logging errors to `lines`, on a database whose tables this test changes.
  const lines: string[] = [];
  let own: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig,
      database,
      webDir: null,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    own = { app, database };
  }, 120_000);
  afterAll(async () => {
    await own?.app.close();
    await own?.database.close();
  });

  it('is logged with its error and answers null, and the others still answer', async () => {
    const user = await signUp(own.app, 'broken');
    await user.post('/api/contacts', { name: 'Still counted' });
    // A real failure of one widget's query: its table is gone for the moment.
    await own.database.db.execute(sql`alter table email_accounts rename to email_accounts_away`);
    const res = await user.get('/api/dashboard');
    await own.database.db.execute(sql`alter table email_accounts_away rename to email_accounts`);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard: Dashboard = res.json();
    expect(dashboard.emailAccounts).toBeNull();
    expect(dashboard.stats).toMatchObject({ totalContacts: 1 });
    expect(dashboard.schedule).toEqual([]);
    expect(dashboard.recentTasks).toEqual([]);
    expect(dashboard.pipelineOverview).toEqual([]);
    expect(dashboard.revenue).toHaveLength(12);
    const logged = lines
      .map((line) => JSON.parse(line) as { widget?: string; msg: string; err: unknown })
      .find((entry) => entry.widget === 'emailAccounts');
    expect(logged).toMatchObject({ msg: 'dashboard widget failed' });
    expect(JSON.stringify(logged?.err)).toMatch(/email_accounts/);
  });

  it('is guarded on its own: the guard logs and answers null, and passes a success through', async () => {
    const logged: object[] = [];
    const log = { error: (details: object) => logged.push(details) };
    const error = new Error('boom');
    expect(await readWidget(log, 'stats', () => Promise.reject(error))).toBeNull();
    expect(logged).toEqual([{ err: error, widget: 'stats' }]);
    expect(await readWidget(log, 'stats', async () => 42)).toBe(42);
    expect(logged).toHaveLength(1);
  });
});
