import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { freePort } from '../test/server-process';
import { isDatabaseUnavailable } from './unavailable';

// What counts as "the database is away" (503) and what stays a failure of the request (500).
// The outage itself, with a real PostgreSQL stopped and started, is database-outage.test.ts.

describe('a database that cannot be reached', () => {
  it('is recognised from the driver error of a refused connection', async () => {
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const error = await client.connect().catch((reason: unknown) => reason);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is recognised behind a wrapping error and among the errors of several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['57P01', '57P03', '08006', '08001']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('server'), { code })), code).toBe(true);
    }
  });

  it('is not what a query the database refused is', async () => {
    const database = await openTestDatabase();
    try {
      const error = await database.db.execute(sql`select * from no_such_table`).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await database.close();
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});
