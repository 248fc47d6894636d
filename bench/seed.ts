// The benchmark's data: one heavy user with many contacts and many light users, in batched inserts.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client';
import { authAccounts, authUsers, contacts, users } from '../server/src/db/schema';
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
  rows: number;
  seconds: number;
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

/** Seeds `heavyRows` contacts for the bench user (who can sign in) and `lightUsers` users with five contacts each. */
export async function seed(db: Db, heavyRows: number, lightUsers: number): Promise<SeedResult> {
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
  return { userId, rows, seconds: (performance.now() - start) / 1000 };
}
