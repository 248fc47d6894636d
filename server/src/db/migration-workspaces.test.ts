import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAt, everyRow, type UpgradableDatabase } from '../test/migration-kit';
import { selectRows } from './select-rows';

// The release that brought workspaces (migration 0018), run over a populated database of the release before it,
// on the embedded database and on PostgreSQL: every account gets its own workspace, named after it, as its Owner,
// and no row of any table is lost or changed.

let database: UpgradableDatabase;
let before: Record<string, string[]>;
const ids = {
  ann: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  cy: '33333333-3333-4333-8333-333333333333',
};

beforeAll(async () => {
  database = await databaseAt('0017_chatbot-flows-knowledge-conversations');
  const people = [
    [ids.ann, 'ann@example.com', 'Ann Smith'],
    [ids.bob, 'bob.jones@example.com', null],
    [ids.cy, 'cy@example.com', '   '],
  ] as const;
  for (const [id, email, name] of people) {
    await database.db.execute(sql`insert into auth_users (id, name, email) values (${id}, ${name ?? ''}, ${email})`);
    await database.db.execute(sql`insert into users (id, email, name) values (${id}, ${email}, ${name})`);
    await database.db.execute(sql`insert into contacts (user_id, name) values (${id}, ${`Contact of ${email}`})`);
    await database.db.execute(sql`insert into pipelines (user_id, name, is_default) values (${id}, 'Sales', true)`);
  }
  before = await everyRow(database.db);
  await database.upgrade();
}, 120_000);
afterAll(() => database?.close());

describe('the migration to workspaces', () => {
  it('gives every account its own workspace, named after it, with the account as its Owner and current', async () => {
    const workspaces = await selectRows<{ id: string; name: string; owner: string; current: string }>(
      database.db,
      sql`select w.id, w.name, m.user_id as owner, u.current_workspace_id as current
          from workspaces w join workspace_members m on m.workspace_id = w.id join users u on u.id = m.user_id
          where m.role = 'owner' order by w.name`,
    );
    expect(workspaces).toEqual([
      { id: ids.ann, name: 'Ann Smith', owner: ids.ann, current: ids.ann },
      { id: ids.bob, name: 'bob.jones', owner: ids.bob, current: ids.bob },
      { id: ids.cy, name: 'cy', owner: ids.cy, current: ids.cy },
    ]);
    const members = await selectRows(database.db, sql`select count(*)::int as n from workspace_members`);
    expect(members).toEqual([{ n: 3 }]);
  });

  it('keeps every row of every table', async () => {
    const after = await everyRow(database.db);
    for (const [table, rows] of Object.entries(before)) {
      const kept =
        table === 'users'
          ? after[table]!.map((row) => JSON.stringify(withoutKey(JSON.parse(row), 'current_workspace_id'))).sort()
          : after[table];
      expect(kept, table).toEqual(rows);
    }
  });
});

function withoutKey(row: Record<string, unknown>, key: string) {
  const { [key]: _dropped, ...rest } = row;
  return rest;
}
