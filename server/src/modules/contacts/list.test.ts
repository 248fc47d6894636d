import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSortColumns, sortDirections, type ContactSort, type SortDirection } from '@common/contacts';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { asMember, soloMember } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { listContactsQuery, searchContactsSql } from './service';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// The contacts list sorted by any column, either way, a page at a time; and the plans that keep it cheap.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Row {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
}
interface Page {
  items: Row[];
  nextCursor: string | null;
}

async function page(user: UserClient, query: string, cursor?: string | null): Promise<Page> {
  const res = await user.get(`/api/contacts?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function walk(user: UserClient, query: string): Promise<Page[]> {
  const pages = [await page(user, query)];
  while (pages.at(-1)!.nextCursor) pages.push(await page(user, query, pages.at(-1)!.nextCursor));
  return pages;
}

// Lower-case ASCII only, so JavaScript's order is the database's whatever its collation; '' is stored by hand.
const people: Array<Omit<Row, 'id'>> = [
  { name: 'ann', email: 'same@x.io', phone: null, company: 'acme' },
  { name: 'ann', email: null, phone: '555', company: 'acme' },
  { name: 'bob', email: 'same@x.io', phone: '555', company: null },
  { name: 'bob', email: 'a@x.io', phone: null, company: 'beta' },
  { name: 'cy', email: null, phone: '111', company: 'acme' },
  { name: 'dee', email: 'z@x.io', phone: '', company: null },
  { name: 'eve', email: null, phone: '555', company: null },
];

/** The order the list promises: by the value (empty values last), then id; descending is the exact reverse. */
function expectedOrder(rows: Row[], sort: ContactSort, dir: SortDirection): string[] {
  const key = (row: Row): [number, string, string] =>
    sort === 'name' ? [0, row.name, row.id] : [row[sort] === null ? 1 : 0, row[sort] ?? '', row.id];
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  return (dir === 'asc' ? sorted : sorted.reverse()).map((row) => row.id);
}

describe('contact list sorting', () => {
  let user: UserClient;
  let rows: Row[];
  beforeAll(async () => {
    user = await signUp(t.app, 'sorter');
    rows = await t.database.db
      .insert(contacts)
      .values(people.map((person) => ({ ...person, userId: user.id, workspaceId: user.id })))
      .returning({
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        company: contacts.company,
      });
  });

  for (const sort of contactSortColumns) {
    for (const dir of sortDirections) {
      it(`pages by ${sort} ${dir} two at a time through equal and empty values, each contact once`, async () => {
        const pages = await walk(user, `sort=${sort}&dir=${dir}&limit=2`);
        const walked = pages.flatMap((p) => p.items.map((item) => item.id));
        expect(walked).toEqual(expectedOrder(rows, sort, dir));
        expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 1]);
        expect(pages.at(-1)!.nextCursor).toBeNull();
        if (sort !== 'name') {
          const values = pages.flatMap((p) => p.items.map((item) => item[sort]));
          // Empty values (null) come last ascending and first descending.
          const empties = values.filter((value) => value === null).length;
          expect(dir === 'asc' ? values.slice(-empties) : values.slice(0, empties)).toEqual(Array(empties).fill(null));
        }
      });
    }
  }

  it('sorts by name ascending unless told otherwise', async () => {
    const pages = await walk(user, 'limit=3');
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual(expectedOrder(rows, 'name', 'asc'));
  });

  it('refuses a cursor issued for another sort or direction with 400', async () => {
    const cursor = (await page(user, 'sort=email&dir=asc&limit=2')).nextCursor!;
    for (const query of ['sort=email&dir=desc', 'sort=phone&dir=asc', 'sort=name', '']) {
      const res = await user.get(`/api/contacts?${query}&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields).toEqual({ cursor: 'Invalid cursor' });
    }
    expect((await user.get(`/api/contacts?sort=email&limit=2&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses an unknown sort column or direction with the field’s message', async () => {
    const bySize = await user.get('/api/contacts?sort=size');
    expect(bySize.statusCode).toBe(400);
    expect(bySize.json().fields).toEqual({ sort: 'Unknown sort column' });
    const sideways = await user.get('/api/contacts?dir=up');
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().fields).toEqual({ dir: 'Sort direction must be asc or desc' });
  });

  it('sorts the matches of a search, a page at a time', async () => {
    const pages = await walk(user, 'q=acme&sort=company&dir=desc&limit=2');
    const matches = rows.filter((row) => row.company === 'acme');
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual(expectedOrder(matches, 'company', 'desc'));
  });
});

describe('contact list plans', () => {
  it('reads each sort through its index, either way, and a selective search through the trigram index', async () => {
    // A database of its own: the statistics of the other tests' users would sway the planner here.
    const own = await buildTestApp();
    try {
      const user = await signUp(own.app, 'plan');
      const other = await signUp(own.app, 'other');
      for (const owner of [user, other]) {
        await own.database.db.execute(
          sql`insert into contacts (workspace_id, user_id, name, email, phone, company)
            select ${owner.id}, ${owner.id}, 'Person ' || i,
              case when i % 5 <> 0 then 'p' || i || '@example.com' end,
              case when i % 3 <> 0 then '+1 555 ' || lpad(i::text, 4, '0') end,
              case when i % 4 <> 0 then 'Company ' || (i % 50) end
            from generate_series(1, 3000) as i`,
        );
      }
      // VACUUM too: it moves the new rows from the trigram index's pending list (GIN's fast update, which
      // autovacuum empties on a live server) into the index proper, which the planner otherwise costs as a scan.
      await own.database.db.execute(sql`vacuum analyze contacts`);
      const explain = async (db: Pick<Db, 'execute'>, query: SQLWrapper) =>
        (await selectRows<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      // As the member, the way the route reads a page: under the row-level security policies.
      const planOf = (query: SQLWrapper) => asMember(own.database.db, soloMember(user.id), (tx) => explain(tx, query));
      const [middle] = await selectRows<Row>(
        own.database.db,
        sql`select * from contacts where user_id = ${user.id} order by name offset 1500 limit 1`,
      );
      const base = { limit: 50, q: undefined };
      for (const sort of contactSortColumns) {
        const index = sort === 'name' ? 'contacts_workspace_name_idx' : `contacts_workspace_${sort}_sort_idx`;
        for (const dir of sortDirections) {
          for (const after of [null, [sort === 'name' ? middle!.name : middle![sort], middle!.id] as const]) {
            const query = listContactsQuery(own.database.db, soloMember(user.id), {
              ...base,
              sort,
              dir,
              after: after && [after[0], after[1]],
            });
            const plan = await planOf(query);
            expect(plan, plan).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on contacts`));
            expect(plan, plan).not.toMatch(/Sort|Seq Scan/);
          }
        }
      }
      const search = searchContactsSql(soloMember(user.id), {
        limit: 50,
        after: null,
        sort: 'name',
        dir: 'asc',
        q: 'p2718@exa',
      });
      // A search reads as the server's own role (http/with-member.ts): a contains-match cannot use an index under the
      // policies.
      const plan = await explain(own.database.db, search);
      expect(plan, plan).toContain('contacts_search_trgm_idx');
      expect(plan, plan).not.toMatch(/Seq Scan/);
      const names = async (query: SQL) => (await selectRows<Row>(own.database.db, query)).map((row) => row.name);
      expect(await names(search)).toEqual(['Person 2718']);
      // A common term (2,400 of the 3,000): more matches than SEARCH_MATCHES_READ, so the name index is walked.
      const common = searchContactsSql(soloMember(user.id), {
        ...base,
        sort: 'name',
        dir: 'desc',
        after: null,
        q: '@EXAMPLE',
      });
      const [walkedPlan] = await selectRows<{ 'QUERY PLAN': unknown }>(
        own.database.db,
        sql`explain (analyze, format json) ${common}`,
      );
      const walked = JSON.stringify(walkedPlan!['QUERY PLAN']);
      expect(walked, walked).toMatch(/"Index Name":"contacts_workspace_name_idx"[^}]*"Actual Rows":51/);
      const firstMatches = await selectRows<{ name: string }>(
        own.database.db,
        sql`select name from contacts where user_id = ${user.id} and email like '%@example.com' order by name desc, id desc limit 51`,
      );
      expect(await names(common)).toEqual(firstMatches.map((row) => row.name));
    } finally {
      await own.close();
    }
    // A database of its own and 6,000 rows: a minute on a busy two-core machine.
  }, 180_000);
});
