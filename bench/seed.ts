// The benchmark's data: one heavy user with many contacts and many light users, in batched inserts.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client';
import { eq, sql, type SQL } from 'drizzle-orm';
import { defaultPipelineStages } from '../common/constants';
import { authAccounts, authUsers, contacts, dealActivities, deals, pipelines, users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/auth/password';

export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'bench-password-1';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'John',
  'Radia',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Backus',
  'Perlman',
  'Lee',
];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', null];
const BATCH = 5_000;

export interface SeedResult {
  userId: string;
  /** The bench user's default pipeline, holding the seeded deals. */
  pipelineId: string;
  rows: number;
  seconds: number;
}

/** The name contactRow gives the i-th contact, in SQL: the seeded tasks name their contact. */
export function contactNameSql(i: SQL): SQL {
  const pick = (names: string[], at: SQL) => sql`(${sql.raw(`array['${names.join("', '")}']`)})[1 + ${at}]`;
  return sql`${pick(FIRST, sql`(${i}) % ${FIRST.length}`)} || ' ' || ${pick(LAST, sql`(${i}) / ${FIRST.length} % ${LAST.length}`)} || ' ' || (${i})`;
}

function contactRow(userId: string, i: number) {
  return {
    userId,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    email: `contact${i}@example.com`,
    phone: i % 3 ? `+1 555 ${String(i % 10_000).padStart(4, '0')}` : null,
    company: COMPANIES[i % COMPANIES.length] ?? null,
  };
}

async function insertUsers(db: Db, people: Array<{ id: string; name: string; email: string }>) {
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(authUsers).values(batch);
    await db.insert(users).values(batch);
  }
}

/**
 * One pipeline of `count` deals for the user, spread over its stages a minute apart, every other one linked
 * to a contact and every third one with a pending activity (the board's next-activity indicator).
 */
async function seedDeals(db: Db, userId: string, count: number): Promise<{ pipelineId: string; rows: number }> {
  const [pipeline] = await db
    .insert(pipelines)
    .values({ userId, name: 'Sales', isDefault: true })
    .returning({ id: pipelines.id });
  const pipelineId = pipeline!.id;
  const contactIds = (
    await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, userId)).limit(1_000)
  ).map((c) => c.id);
  const now = Date.now();
  let rows = 1;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => {
      const n = i + j;
      return {
        userId,
        pipelineId,
        name: `Deal ${n}`,
        stage: defaultPipelineStages[n % defaultPipelineStages.length]!,
        value: String((n % 500) * 100 + 0.5),
        contactId: n % 2 && contactIds.length ? contactIds[n % contactIds.length]! : null,
        createdAt: new Date(now - n * 60_000),
      };
    });
    const inserted = await db.insert(deals).values(batch).returning({ id: deals.id });
    const activities = inserted
      .filter((_, j) => (i + j) % 3 === 0)
      .map((deal, j) => ({
        dealId: deal.id,
        userId,
        assignedUserId: userId,
        activityType: 'call',
        description: 'Call back',
        dueDate: new Date(now + ((j % 20) - 10) * 86_400_000),
      }));
    if (activities.length) await db.insert(dealActivities).values(activities);
    rows += inserted.length + activities.length;
  }
  return { pipelineId, rows };
}

/**
 * Seeds `heavyRows` contacts and `dealCount` deals for the bench user (who can sign in), and `lightUsers`
 * users with five contacts each.
 */
export async function seed(db: Db, heavyRows: number, lightUsers: number, dealCount: number): Promise<SeedResult> {
  const start = performance.now();
  const userId = randomUUID();
  await insertUsers(db, [{ id: userId, name: 'Bench User', email: BENCH_EMAIL }]);
  await db
    .insert(authAccounts)
    .values({ userId, accountId: userId, providerId: 'credential', password: await hashPassword(BENCH_PASSWORD) });

  const light = Array.from({ length: lightUsers }, (_, i) => ({
    id: randomUUID(),
    name: `Light User ${i}`,
    email: `light${i}@example.com`,
  }));
  await insertUsers(db, light);
  let rows = 1 + lightUsers * 2;

  const lightContacts = light.flatMap((user, u) => Array.from({ length: 5 }, (_, i) => contactRow(user.id, u * 5 + i)));
  for (let i = 0; i < lightContacts.length; i += BATCH)
    await db.insert(contacts).values(lightContacts.slice(i, i + BATCH));
  rows += lightContacts.length;

  for (let i = 0; i < heavyRows; i += BATCH) {
    const count = Math.min(BATCH, heavyRows - i);
    await db.insert(contacts).values(Array.from({ length: count }, (_, j) => contactRow(userId, i + j)));
  }
  rows += heavyRows;
  const board = await seedDeals(db, userId, dealCount);
  rows += board.rows;
  return { userId, pipelineId: board.pipelineId, rows, seconds: (performance.now() - start) / 1000 };
}
