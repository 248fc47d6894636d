import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf } from '../errors';
import { PgliteThread } from './pglite-thread';

const plain = new PGlite();
const thread = new PgliteThread(null);
const db = drizzle({ client: thread as unknown as PGlite });
// Starting two databases takes seconds on a busy machine: a hook's time, not the test's.
beforeAll(async () => {
  await Promise.all([plain.waitReady, thread.waitReady]);
  await db.execute(sql`create table t (n int primary key)`);
}, 180_000);
afterAll(async () => {
  await plain.close();
  await thread.close();
});

const probe = sql`select '2024-01-02 03:04:05'::timestamp as ts, '2024-01-02 03:04:05+02'::timestamptz as tstz,
  '2024-01-02'::date as d, interval '1 day 2 hours' as i, array[1.5, 2]::numeric[] as nums,
  array['2024-01-02'::date] as dates, 42::int as n, 9007199254740993::int8 as big, 'x'::text as t, true as b,
  '{"a":1}'::jsonb as j, '\\x0102'::bytea as bytes, null::text as nothing`;

const count = async () => (await db.execute(sql`select count(*)::int as n from t`)).rows[0];

describe('PgliteThread', () => {
  it('reads every type as Drizzle with plain PGlite does, in and out of transactions', async () => {
    const expected = (await drizzle({ client: plain }).execute(probe)).rows;
    expect((await db.execute(probe)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(probe)).rows)).toEqual(expected);
    expect(expected[0]).toMatchObject({ ts: '2024-01-02 03:04:05', d: '2024-01-02', n: 42, j: { a: 1 } });
  });

  it('commits a transaction, and rolls a failed one and a failed savepoint back', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t values (2)`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3)`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count()).toEqual({ n: 1 });
    await db.execute(sql`delete from t`);
  });

  it("gives a database error's SQLSTATE and fields as PGlite does", async () => {
    await db.execute(sql`insert into t values (1)`);
    const error = await db.execute(sql`insert into t values (1)`).catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe('23505');
    expect((error as { cause: { constraint: string } }).cause.constraint).toBe('t_pkey');
    await db.execute(sql`delete from t`);
  });

  it('holds other queries while a transaction is open, and runs them after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (7)`);
      await held;
      await tx.execute(sql`insert into t values (8)`);
    });
    // Started while the transaction is open: it sees the transaction's rows once committed, never half of them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = count();
    release();
    await transaction;
    expect(await seen).toEqual({ n: 2 });
    await db.execute(sql`delete from t`);
  });

  it('runs many transactions and queries at once to their end, each transaction whole', async () => {
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    const transactions = Array.from({ length: 20 }, (_, n) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${100 + n})`);
        await pause();
        const [row] = (await tx.execute(sql`select count(*)::int as n from t where n >= 100`)).rows;
        await tx.execute(sql`insert into t values (${200 + n})`);
        return row;
      }),
    );
    const reads = Array.from({ length: 20 }, () => count());
    const seen = await Promise.all(transactions);
    // One transaction at a time: each sees the ones before it, whole, and its own first row.
    expect(seen.map((row) => (row as { n: number }).n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => 2 * n + 1),
    );
    for (const read of await Promise.all(reads)) expect((read as { n: number }).n % 2).toBe(0);
    await db.execute(sql`delete from t`);
  });

  it('runs a script of several statements', async () => {
    const results = await thread.exec('select 1 as a; select 2 as b');
    expect(results.map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('starts a copy of itself from its dump', async () => {
    await db.execute(sql`insert into t values (5)`);
    const copy = new PgliteThread(null, await (await thread.dumpDataDir()).arrayBuffer());
    await copy.waitReady;
    expect((await copy.query('select n from t')).rows).toEqual([{ n: 5 }]);
    await copy.close();
    await expect(copy.query('select 1')).rejects.toThrow(/ended/);
    await db.execute(sql`delete from t`);
  });
});
