import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import { busyTimesDuring } from './busy-times';

// The booking page's read of busy times is one range of one index, however many a user and others have: a year of
// busy times for the owner, and four times as many of another user's, long and short.

const OWN = 3_000;
const OTHERS = 4 * OWN;

let t: TestApp;
let owner: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'owner');
  const other = await signUp(t.app, 'crowd');
  for (const [who, n] of [
    [owner, OWN],
    [other, OTHERS],
  ] as const) {
    await t.database.db
      .execute(sql`insert into calendar_busy_times (user_id, calendar_url, event_uid, starts_at, ends_at)
      select ${who.id}, 'https://calendar.example/' || (i % 3) || '/', 'event-' || i,
        now() + i * interval '3 hours', now() + i * interval '3 hours' + (1 + i % 48) * interval '30 minutes'
      from generate_series(1, ${n}::int) i`);
  }
  await t.database.db.execute(sql`analyze calendar_busy_times`);
}, 120_000);
afterAll(() => t.close());

const planOf = async (query: SQL) =>
  (await selectRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${query}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

describe('busy time plans', () => {
  it('reads a day’s busy times of one user through the (user, time range) index', async () => {
    const day = (offset: number) => sql`now() + ${offset}::int * interval '1 day'`;
    const plan = await planOf(busyTimesDuring(owner.id, day(30), day(31)));
    expect(plan, plan).not.toMatch(/Seq Scan/);
    expect(plan, plan).toMatch(/(Index Scan|Bitmap Index Scan) (using|on) calendar_busy_times_user_during_idx\b/);
  });
});
