import { sql, type SQL } from 'drizzle-orm';

// The seeded contacts' names, companies and addresses, the same in a row made here and in one made in SQL.

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
export const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', null];
/** The name contactRow gives the i-th contact, in SQL: the seeded tasks name their contact. */
export function contactNameSql(i: SQL): SQL {
  const pick = (names: string[], at: SQL) => sql`(${sql.raw(`array['${names.join("', '")}']`)})[1 + ${at}]`;
  return sql`${pick(FIRST, sql`(${i}) % ${FIRST.length}`)} || ' ' || ${pick(LAST, sql`(${i}) / ${FIRST.length} % ${LAST.length}`)} || ' ' || (${i})`;
}

export function contactRow(userId: string, i: number) {
  return {
    userId,
    workspaceId: userId,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    email: `contact${i}@example.com`,
    phone: i % 3 ? `+1 555 ${String(i % 10_000).padStart(4, '0')}` : null,
    company: COMPANIES[i % COMPANIES.length] ?? null,
  };
}
