import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAt, everyRow, type UpgradableDatabase } from '../test/migration-kit';
import { selectRows } from './select-rows';

// The releases that brought workspaces (migration 0018) and shared records (0019), run over a populated database of
// the release before them, on the embedded database and on PostgreSQL: every account gets its own workspace, named
// after it, as its Owner; its records move into it; and no row of any table is lost or changed otherwise.

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
  // Ann's work: a deal with an activity, a project, and a task she assigned to Bob (another account then).
  await database.db.execute(sql`insert into deals (user_id, pipeline_id, name, stage, value)
    select ${ids.ann}, id, 'Acme deal', 'Lead', 1200 from pipelines where user_id = ${ids.ann}`);
  await database.db.execute(sql`insert into deal_activities (deal_id, user_id, activity_type, description, due_date)
    select id, ${ids.ann}, 'call', 'Call Acme', now() from deals`);
  await database.db.execute(sql`insert into projects (user_id, name) values (${ids.ann}, 'Rollout')`);
  await database.db.execute(
    sql`insert into tasks (user_id, assigned_user_id, name) values (${ids.ann}, ${ids.bob}, 'For Bob')`,
  );
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

  it('moves every account’s records into its own workspace', async () => {
    for (const table of sharedTables) {
      const strays = await selectRows(
        database.db,
        sql`select id from ${sql.identifier(table)} where workspace_id is distinct from user_id`,
      );
      expect(strays, table).toEqual([]);
    }
    const records = await selectRows(database.db, sql`select count(*)::int as n from contacts`);
    expect(records).toEqual([{ n: 3 }]);
  });

  it('counts the dashboard’s and boards’ counters again per workspace and member', async () => {
    const stats = await selectRows(
      database.db,
      sql`select workspace_id, user_id, contacts, open_deal_value::text as value, active_projects, open_tasks_owned,
          open_tasks_assigned_by_others from user_stats order by workspace_id, user_id`,
    );
    // Bob counts Ann's task assigned to him in Ann's workspace, his contact in his own.
    expect(stats).toEqual([
      {
        workspace_id: ids.ann,
        user_id: ids.ann,
        contacts: 1,
        value: '1200.00',
        active_projects: 1,
        open_tasks_owned: 1,
        open_tasks_assigned_by_others: 0,
      },
      {
        workspace_id: ids.ann,
        user_id: ids.bob,
        contacts: 0,
        value: '0.00',
        active_projects: 0,
        open_tasks_owned: 0,
        open_tasks_assigned_by_others: 1,
      },
      {
        workspace_id: ids.bob,
        user_id: ids.bob,
        contacts: 1,
        value: '0.00',
        active_projects: 0,
        open_tasks_owned: 0,
        open_tasks_assigned_by_others: 0,
      },
      {
        workspace_id: ids.cy,
        user_id: ids.cy,
        contacts: 1,
        value: '0.00',
        active_projects: 0,
        open_tasks_owned: 0,
        open_tasks_assigned_by_others: 0,
      },
    ]);
    const tasksByStatus = await selectRows(
      database.db,
      sql`select workspace_id, user_id, status, tasks, assigned from task_status_totals order by user_id`,
    );
    expect(tasksByStatus).toEqual([
      { workspace_id: ids.ann, user_id: ids.ann, status: 'To Do', tasks: 1, assigned: 0 },
      { workspace_id: ids.ann, user_id: ids.bob, status: 'To Do', tasks: 1, assigned: 1 },
    ]);
    const stages = await selectRows(
      database.db,
      sql`select workspace_id, user_id, stage, deals, value::text as value from deal_stage_totals`,
    );
    expect(stages).toEqual([{ workspace_id: ids.ann, user_id: ids.ann, stage: 'Lead', deals: 1, value: '1200.00' }]);
  });

  it('keeps every row of every table, with the workspace added', async () => {
    const after = await everyRow(database.db);
    for (const [table, rows] of Object.entries(before)) {
      // The counters are compared above: kept per workspace and member now, a member's row may be split in two.
      if (table === 'user_stats') continue;
      const kept = after[table]!.map((row) =>
        // Columns later migrations added (email_key: the lower-case e-mail the database keeps).
        JSON.stringify(withoutKeys(JSON.parse(row), ['current_workspace_id', 'workspace_id', 'assigned', 'email_key'])),
      ).sort();
      // Both sides through JSON.parse, which reads 1200.00 as 1200.
      expect(kept, table).toEqual(rows.map((row) => JSON.stringify(JSON.parse(row))).sort());
    }
  });
});

const sharedTables = [
  'contacts',
  'pipelines',
  'deals',
  'deal_activities',
  'projects',
  'task_categories',
  'tasks',
  'forms',
  'form_submissions',
  'chatbot_flows',
  'chatbot_knowledge',
  'chatbot_passages',
  'chatbot_conversations',
  'chatbot_messages',
];

function withoutKeys(row: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}
