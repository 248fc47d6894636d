// The cost of row-level security (docs/performance.md): the same service calls on the bench's seed, in process and
// one at a time, by the server's own role (no policies), in a transaction of that role, and as the member
// (`asMember`: a transaction under the policies, what every signed-in route does). No HTTP, so the differences are
// the transaction's and the policies'.
//   npx tsx bench/policy-cost.ts                 the embedded database
//   DATABASE_URL=… npx tsx bench/policy-cost.ts  PostgreSQL (a fresh database is made beside the URL's)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/src/db/client';
import { asMember, soloMember, type Member } from '../server/src/db/member-scope';
import { selectRows } from '../server/src/db/select-rows';
import { countContacts, createContact, listContacts } from '../server/src/modules/contacts/service';
import { getBoard } from '../server/src/modules/deals/board';
import { getTaskBoard } from '../server/src/modules/tasks/service';
import { createPostgresDatabase } from '../server/src/test/test-app';
import { seed, type SeedSize } from './seed';

const SIZE: SeedSize = {
  contacts: 100_000,
  deals: 50_000,
  activities: 100_000,
  tasks: 200_000,
  projects: 2_000,
  forms: 5,
  submissions: 1_000,
  bookings: 100,
  emails: 100,
  lightUsers: 100,
};
const ROUNDS = 300;

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 30; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipewise-policy-cost-'));
  const fresh = adminUrl ? await createPostgresDatabase(adminUrl, 'pipewise_policy_cost') : null;
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
  try {
    const { userId, pipelineId } = await seed(database.db, SIZE);
    await database.db.execute(sql`analyze`);
    const member: Member = soloMember(userId);
    const [deep] = await selectRows<{ name: string; id: string }>(
      database.db,
      sql`select name, id from contacts where workspace_id = ${userId} order by name, id offset 90000 limit 1`,
    );
    let n = 0;
    const calls: Array<[string, (db: Db) => Promise<unknown>]> = [
      ['contacts, first page', (db) => listContacts(db, member, { limit: 50, after: null, sort: 'name', dir: 'asc' })],
      [
        'contacts, page at 90,000',
        (db) => listContacts(db, member, { limit: 50, after: [deep!.name, deep!.id], sort: 'name', dir: 'asc' }),
      ],
      ['contacts, count', (db) => countContacts(db, member)],
      ['deal board', (db) => getBoard(db, member, pipelineId)],
      ['task board', (db) => getTaskBoard(db, member, { tz: 'UTC' })],
      [
        'contact created',
        (db) =>
          createContact(db, member, {
            name: `Policy cost ${n++}`,
            email: null,
            phone: null,
            company: null,
            website: null,
          }),
      ],
    ];
    console.log(
      `| call | own role, ms | in a transaction, ms | as the member, ms | × | as the member, a GET's way, ms | × |`,
    );
    console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
    for (const [name, call] of calls) {
      const plain = await median(() => call(database.db));
      const transaction = await median(() => database.db.transaction((tx) => call(tx)));
      const scoped = await median(() => asMember(database.db, member, (tx) => call(tx)));
      // A GET's reads (`withMember`): on PostgreSQL without a transaction, on the member's read connections.
      const read = name.includes('created')
        ? null
        : await median(() => asMember(database.db, member, (tx) => call(tx), { readOnly: true }));
      const ms = (value: number) => value.toFixed(2);
      const readCells = read === null ? '– | –' : `${ms(read)} | ${(read / plain).toFixed(2)}`;
      console.log(
        `| ${name} | ${ms(plain)} | ${ms(transaction)} | ${ms(scoped)} | ${(scoped / plain).toFixed(2)} | ${readCells} |`,
      );
    }
  } finally {
    await database.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
