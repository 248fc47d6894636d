import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzlePglite } from './drizzle-pglite';

const plain = new PGlite();
const ours = new DrizzlePglite();
// Starting two databases takes seconds on a busy machine: a hook's time, not the test's.
beforeAll(() => Promise.all([plain.waitReady, ours.waitReady]), 180_000);
afterAll(async () => {
  await plain.close();
  await ours.close();
});

const probe = sql`select '2024-01-02 03:04:05'::timestamp as ts, '2024-01-02 03:04:05+02'::timestamptz as tstz,
  '2024-01-02'::date as d, interval '1 day 2 hours' as i, array[1.5, 2]::numeric[] as nums,
  array['2024-01-02'::date] as dates, 42::int as n, 'x'::text as t, true as b, '{"a":1}'::jsonb as j, null::text as nothing`;

describe('DrizzlePglite', () => {
  it('reads every type as Drizzle with plain PGlite does, in and out of transactions', async () => {
    const expected = (await drizzle({ client: plain }).execute(probe)).rows;
    const db = drizzle({ client: ours });
    expect((await db.execute(probe)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(probe)).rows)).toEqual(expected);
    expect(expected[0]).toMatchObject({ ts: '2024-01-02 03:04:05', d: '2024-01-02', n: 42, j: { a: 1 } });
  });

  it('still rolls a failed transaction back', async () => {
    const db = drizzle({ client: ours });
    await db.execute(sql`create table t (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1)`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.execute(sql`select count(*)::int as n from t`)).rows).toEqual([{ n: 0 }]);
  });
});
