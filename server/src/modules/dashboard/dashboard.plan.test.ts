import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloMember, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { dueRange } from '../tasks/filters';
import { emailAccountsSql, pipelineOverviewSql, recentTasksSql, revenueSql, scheduleSql, statsSql } from './queries';
import { revenueMonths } from './service';

// Every widget's query reads the workspace's rows through an index, never a scan of a whole table, once the tables
// hold many rows of many workspaces: a heavy user’s, and four times as many of another user’s, each in their own
// workspace. The heavy user reads their workspace as its Owner ("all records"), and the other's workspace as an
// "own records" member would: what they own there (nothing) and what they were assigned.

const OWN = 2_000;
const OTHERS = 4 * OWN;

// A database of its own: the statistics of the other tests' users would sway the planner here.
let t: TestApp;
let user: UserClient;
let all: Member;
let own: Member;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app, 'heavy');
  const other = await signUp(t.app, 'crowd');
  all = soloMember(user.id);
  own = { workspaceId: other.id, userId: user.id, ownOnly: true };
  for (const [who, n] of [
    [user, OWN],
    [other, OTHERS],
  ] as const) {
    const pipelineId = (await who.post('/api/pipelines', { name: 'Sales' })).json<{ id: string }>().id;
    // Another user's tasks and activities: one in twenty assigned to the heavy user.
    const assigned = who === other ? sql`case when i % 20 = 0 then ${user.id}::uuid end` : sql`null::uuid`;
    const run = (query: SQL) => t.database.db.execute(query);
    await run(
      sql`insert into contacts (user_id, workspace_id, name) select ${who.id}, ${who.id}, 'Contact ' || i from generate_series(1, ${n}::int) i`,
    );
    await run(sql`insert into deals (user_id, workspace_id, pipeline_id, name, stage, value, won_at, expected_close_date)
      select ${who.id}, ${who.id}, ${pipelineId}, 'Deal ' || i,
        (array['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'])[1 + i % 6],
        case when i % 7 <> 0 then i end,
        case when i % 6 = 4 and i % 4 <> 0 then now() - (i % 400) * interval '1 day' end,
        current_date - (i % 400)
      from generate_series(1, ${n}::int) i`);
    await run(sql`insert into projects (user_id, workspace_id, name, status)
      select ${who.id}, ${who.id}, 'Project ' || i, (array['Not Started', 'Planning', 'In Progress', 'Review', 'Completed'])[1 + i % 5]
      from generate_series(1, ${n}::int) i`);
    await run(sql`insert into tasks (user_id, workspace_id, assigned_user_id, name, status, due_date)
      select ${who.id}, ${who.id}, ${assigned}, 'Task ' || i, (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
        case when i % 5 <> 0 then now() + (i % 90 - 45) * interval '1 day' + (i % 24) * interval '1 hour' end
      from generate_series(1, ${n}::int) i`);
    // Over a hundred deals, as a pipeline's activities are: all of them on one deal made (deal, status, due_date) as
    // good an index for a day's activities as (workspace, due_date), and the planner took either by the hour.
    await run(sql`insert into deal_activities
        (user_id, workspace_id, assigned_user_id, deal_id, activity_type, description, due_date)
      select ${who.id}, ${who.id}, ${assigned}, (array(select id from deals where user_id = ${who.id} limit 100))[1 + i % 100],
        'call', 'Call ' || i,
        now() + (i % 90 - 45) * interval '1 day' + (i % 24) * interval '1 hour'
      from generate_series(1, ${n}::int) i`);
    await run(sql`insert into bookings (user_id, scheduled_start_time, scheduled_end_time, booker_name, booker_email)
      select ${who.id}, now() + (i - ${n / 2}::int) * interval '1 hour', now() + (i - ${n / 2}::int) * interval '1 hour' + interval '30 minutes',
        'Booker ' || i, 'booker@example.com'
      from generate_series(1, ${n}::int) i`);
    await run(sql`insert into email_accounts (user_id, email)
      select ${who.id}, 'mail' || i || '@example.com' from generate_series(1, ${who === other ? n : 2}::int) i`);
  }
  for (const table of ['contacts', 'deals', 'projects', 'tasks', 'deal_activities', 'bookings', 'email_accounts'])
    await t.database.db.execute(sql`analyze ${sql.identifier(table)}`);
}, 240_000);
afterAll(() => t.close());

const planOf = async (query: SQL) =>
  (await selectRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${query}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

/** The plan reads `table` only through its indexes (each named after its table), and through those given. */
function expectIndexed(plan: string, table: string, indexes: RegExp[] = []) {
  expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
  expect(plan, plan).toMatch(
    new RegExp(`(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) ${table}_`),
  );
  for (const index of indexes)
    expect(plan, plan).toMatch(
      new RegExp(`(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) ${index.source}\\b`),
    );
}

describe('dashboard plans', () => {
  it('reads the stat cards from the workspace’s or the member’s rows of counters, counting none of the records', async () => {
    for (const member of [all, own]) {
      const plan = await planOf(statsSql(member));
      expect(plan, plan).toMatch(/Scan (using user_stats_workspace_id_user_id_pk )?on user_stats\b/);
      expect(plan, plan).not.toMatch(/\b(deals|contacts|projects|tasks)\b/);
    }
  });

  it('reads today’s schedule as ranges of the (workspace, date) and, for an own-records member, (assignee, date) indexes', async () => {
    const { from, to } = dueRange('today', 'Europe/Paris');
    const plan = await planOf(scheduleSql(all, from, to));
    expectIndexed(plan, 'deal_activities', [/deal_activities_workspace_due_idx/]);
    expectIndexed(plan, 'bookings', [/bookings_user_start_idx/]);
    expectIndexed(plan, 'tasks', [/tasks_workspace_(status_)?due_idx/]);
    expect(plan, plan).not.toMatch(/Seq Scan on (deals|projects)\b|BitmapOr/);
    const ownPlan = await planOf(scheduleSql(own, from, to));
    expectIndexed(ownPlan, 'deal_activities', [
      /deal_activities_workspace_due_idx/,
      /deal_activities_assigned_due_idx/,
    ]);
    expectIndexed(ownPlan, 'bookings', [/bookings_user_start_idx/]);
    expectIndexed(ownPlan, 'tasks', [/tasks_workspace_(status_)?due_idx/, /tasks_assigned_due_idx/]);
    expect(ownPlan, ownPlan).not.toMatch(/Seq Scan on (deals|projects)\b|BitmapOr/);
  });

  it('reads the recent tasks in due-date order, each branch stopping at the limit', async () => {
    const plan = await planOf(recentTasksSql(all));
    expectIndexed(plan, 'tasks', [/tasks_workspace_status_due_idx/]);
    expect(plan, plan).not.toMatch(/Seq Scan on (deals|projects)\b/);
    const ownPlan = await planOf(recentTasksSql(own));
    expectIndexed(ownPlan, 'tasks', [/tasks_workspace_status_due_idx/, /tasks_assigned_due_idx/]);
    expect(ownPlan, ownPlan).not.toMatch(/Seq Scan on (deals|projects)\b/);
  });

  it('counts the e-mail accounts, sums the open stages and the won months through the workspace’s indexes', async () => {
    expectIndexed(await planOf(emailAccountsSql(user.id)), 'email_accounts', [/email_accounts_user_created_idx/]);
    for (const member of [all, own]) {
      expectIndexed(await planOf(pipelineOverviewSql(member)), 'deal_stage_totals', [
        /deal_stage_totals_workspace_idx/,
      ]);
      const revenue = await planOf(revenueSql(member, revenueMonths('Asia/Tokyo', new Date())));
      expectIndexed(revenue, 'deals', [/deals_workspace_stage_idx/]);
    }
  });

  it('answers the heavy user’s dashboard with the figures the rows hold', async () => {
    const res = await user.get('/api/dashboard?tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const { stats, recentTasks, revenue } = res.json<{
      stats: { openTasks: number; totalContacts: number };
      recentTasks: unknown[];
      revenue: unknown[];
    }>();
    const openOwn = Array.from({ length: OWN }, (_, i) => (i + 1) % 3 !== 2).filter(Boolean).length;
    const openAssigned = Array.from({ length: OTHERS }, (_, i) => i + 1).filter(
      (i) => i % 20 === 0 && i % 3 !== 2,
    ).length;
    // The tasks the other user assigned them are the other workspace's.
    expect(stats).toMatchObject({ totalContacts: OWN, openTasks: openOwn });
    expect(recentTasks).toHaveLength(4);
    expect(revenue).toHaveLength(12);
    // There, as an "own records" member, the heavy user counts those and nothing else.
    const [there] = await selectRows<{ total_contacts: number; open_tasks: number }>(t.database.db, statsSql(own));
    expect(there).toMatchObject({ total_contacts: 0, open_tasks: openAssigned });
  });
});
