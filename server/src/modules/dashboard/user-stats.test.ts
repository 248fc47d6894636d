import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloMember, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { authUsers } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { ok, operation, statsOperations } from '../../test/user-stats-operations';
import { statsSql, type StatsRow } from './queries';

// The stat cards read user_stats, the deal board's column totals and the pipeline overview deal_stage_totals, the
// unfiltered task board's counts task_status_totals; the database's triggers keep all three. After any sequence of changes, through the API or in bulk
// in SQL, each workspace's and each member's rows must hold exactly what counting their rows gives (each user works in
// their own workspace; records given to another user stay in theirs). The changes: test/user-stats-operations.ts.

let t: TestApp;
beforeAll(async () => {
  // An import's file waits in the data folder for its job.
  t = await buildTestApp({}, { jobs: true, files: true });
});
afterAll(() => t.close());

const db = () => t.database.db;
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);
const apply = statsOperations(() => t);

/**
 * The stat cards counted from every row the member sees, as the dashboard did before user_stats: the workspace's, or
 * under "own records" the member's own there and the tasks another member assigned them there.
 */
async function countedStats({ workspaceId, userId, ownOnly }: Member): Promise<StatsRow> {
  const seen = ownOnly
    ? sql`workspace_id = ${workspaceId} and user_id = ${userId}`
    : sql`workspace_id = ${workspaceId}`;
  const assigned = ownOnly
    ? sql`(select count(*)::int from tasks where workspace_id = ${workspaceId}
          and assigned_user_id = ${userId} and assigned_user_id <> user_id and status <> 'Done')`
    : sql`0`;
  const [row] = await rows<StatsRow>(sql`select
    (select coalesce(sum(value)::text, '0') from deals where ${seen} and stage <> 'Lost') as total_deal_value,
    (select count(*)::int from contacts where ${seen}) as total_contacts,
    (select count(*)::int from projects where ${seen} and status <> 'Completed') as active_projects,
    (select count(*)::int from tasks where ${seen} and status <> 'Done') + ${assigned} as open_tasks`);
  return row!;
}

/** Money compared in cents: a zero sum reads "0" from user_stats, "0.00" when counted over deals of value 0. */
const comparable = (row: StatsRow) => ({ ...row, total_deal_value: Math.round(Number(row.total_deal_value) * 100) });

interface StageTotal {
  pipeline_id: string;
  stage: string;
  deals: number;
  cents: number;
}

/** Each stage's count and value in cents: as kept (stages with nothing left leave out) and as counted. */
async function stageTotals(userId: string): Promise<{ kept: StageTotal[]; counted: StageTotal[] }> {
  const order = sql`order by pipeline_id, stage`;
  const kept = await rows<StageTotal>(sql`select pipeline_id, stage, deals, (value * 100)::bigint::int as cents
    from deal_stage_totals where user_id = ${userId} and (deals <> 0 or value <> 0) ${order}`);
  const counted = await rows<StageTotal>(sql`select pipeline_id, stage, count(*)::int as deals,
      (coalesce(sum(value), 0) * 100)::bigint::int as cents
    from deals where user_id = ${userId} group by pipeline_id, stage ${order}`);
  return { kept, counted };
}

/**
 * Each workspace's and status's tasks as the board counts them for the user (own, and assigned by another user, of
 * which `assigned`): as kept and as counted.
 */
async function taskTotals(userId: string) {
  const kept = await rows(sql`select workspace_id, status, tasks as n, assigned from task_status_totals
    where user_id = ${userId} and tasks <> 0 order by workspace_id, status`);
  const counted =
    await rows(sql`select workspace_id, status, count(*)::int as n, count(*) filter (where assigned)::int as assigned
    from (
      select workspace_id, status, false as assigned from tasks where user_id = ${userId}
      union all select workspace_id, status, true from tasks
        where assigned_user_id = ${userId} and assigned_user_id <> user_id
    ) t group by workspace_id, status order by workspace_id, status`);
  return { kept, counted };
}

/** Each user's own workspace as its Owner sees it, and each user as an "own records" member of each of them. */
function membersOf(users: UserClient[]): [Member, string][] {
  return users.flatMap((workspace, w) => [
    [soloMember(workspace.id), `workspace ${w}`] as [Member, string],
    ...users.map(
      (user, u) =>
        [{ workspaceId: workspace.id, userId: user.id, ownOnly: true }, `user ${u} in workspace ${w}`] as [
          Member,
          string,
        ],
    ),
  ]);
}

async function expectConsistent(users: UserClient[], step: string) {
  for (const [member, who] of membersOf(users)) {
    const [kept] = await rows<StatsRow>(statsSql(member));
    expect(comparable(kept!), `${step}, ${who}`).toEqual(comparable(await countedStats(member)));
  }
  for (const user of users) {
    const stages = await stageTotals(user.id);
    expect(stages.kept, `${step}, stages of user ${users.indexOf(user)}`).toEqual(stages.counted);
    const statuses = await taskTotals(user.id);
    expect(statuses.kept, `${step}, task statuses of user ${users.indexOf(user)}`).toEqual(statuses.counted);
  }
}

describe('user stats', () => {
  it('match the counted figures after any sequence of changes, and after deleting a user', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 8, maxLength: 24 }), async (operations) => {
        const users = [await signUp(t.app, 'ann'), await signUp(t.app, 'bob'), await signUp(t.app, 'cat')];
        const pipelines: string[] = [];
        for (const user of users)
          pipelines.push(ok(await user.post('/api/pipelines', { name: 'Sales' }), 201).json<{ id: string }>().id);
        for (const [step, op] of operations.entries()) {
          await apply(op, users, pipelines);
          await expectConsistent(users, `step ${step}: ${JSON.stringify(op)}`);
        }
        // Cat goes with all her rows, some of them tasks she assigned to the others, others assigned to her.
        const cat = users[2]!;
        await db().execute(sql`insert into tasks (user_id, workspace_id, assigned_user_id, name)
          values (${cat.id}, ${cat.id}, ${users[0]!.id}, 'From Cat'),
            (${users[1]!.id}, ${users[1]!.id}, ${cat.id}, 'For Cat')`);
        await expectConsistent(users, 'tasks between Cat and the others');
        await db().delete(authUsers).where(eq(authUsers.id, cat.id));
        await expectConsistent(users.slice(0, 2), 'Cat deleted');
        expect(await rows(sql`select 1 from user_stats where user_id = ${cat.id}`)).toEqual([]);
        expect(await rows(sql`select 1 from deal_stage_totals where user_id = ${cat.id}`)).toEqual([]);
        expect(await rows(sql`select 1 from task_status_totals where user_id = ${cat.id}`)).toEqual([]);
        // The dashboard shows the kept figures.
        const dashboard = ok(await users[0]!.get('/api/dashboard')).json<{ stats: Record<string, unknown> }>();
        const counted = await countedStats(soloMember(users[0]!.id));
        expect(dashboard.stats).toMatchObject({
          totalContacts: counted.total_contacts,
          activeProjects: counted.active_projects,
          openTasks: counted.open_tasks,
        });
        expect(Number(dashboard.stats.totalDealValue)).toBe(Number(counted.total_deal_value));
      }),
      { seed: 20261124, numRuns: 12 },
    );
  }, 60_000);

  it('lose no increment when one user’s contacts are created concurrently', async () => {
    const user = await signUp(t.app, 'busy');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => user.post('/api/contacts', { name: `Contact ${i}` })),
    );
    for (const res of results) ok(res, 201);
    await expectConsistent([user], 'after 20 concurrent creations');
    const [kept] = await rows<StatsRow>(statsSql(soloMember(user.id)));
    expect(kept!.total_contacts).toBe(20);
  });

  it('lose no deal and never deadlock when one user’s deals, stages and contacts change at once', async () => {
    const user = await signUp(t.app, 'dealer');
    const pipelineId = ok(await user.post('/api/pipelines', { name: 'Sales' }), 201).json<{ id: string }>().id;
    const deal = (stage: string, value: number) => ({ name: 'Deal', pipelineId, stage, value });
    const ids = await Promise.all(
      ['Lead', 'Negotiation', 'Lead', 'Negotiation'].map(
        async (stage, i) => ok(await user.post('/api/deals', deal(stage, i)), 201).json<{ id: string }>().id,
      ),
    );
    // Moves between two open stages change no user_stats figure; creations do: both kinds at once, in any order.
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        if (i % 3 === 0) return user.post('/api/contacts', { name: `Contact ${i}` });
        if (i % 3 === 1) return user.patch(`/api/deals/${ids[i % 4]}/stage`, { stage: i % 2 ? 'Lead' : 'Negotiation' });
        return user.post('/api/deals', deal(i % 2 ? 'Lead' : 'Negotiation', i));
      }),
    );
    for (const res of results) expect(res.statusCode, res.body).toBeLessThan(300);
    await expectConsistent([user], 'after concurrent changes');
  });

  it('never deadlock when a transaction holding the user’s counters adds a deal while a move takes its stage', async () => {
    const user = await signUp(t.app, 'lockstep');
    const pipelineId = ok(await user.post('/api/pipelines', { name: 'Sales' }), 201).json<{ id: string }>().id;
    const dealId = ok(await user.post('/api/deals', { name: 'Moved', pipelineId, stage: 'Lead', value: 5 }), 201).json<{
      id: string;
    }>().id;
    // As a form submission's lead: a contact (user_stats), a pause, then a deal in Lead (its stage row). Meanwhile a
    // move out of Lead into Lost takes both stages and needs user_stats: it must wait for the first, not deadlock.
    const lead = db().transaction(async (tx) => {
      await tx.execute(
        sql`insert into contacts (user_id, workspace_id, name) values (${user.id}, ${user.id}, 'Lead contact')`,
      );
      await tx.execute(sql`select pg_sleep(0.3)`);
      await tx.execute(
        sql`insert into deals (user_id, workspace_id, pipeline_id, name, stage)
          values (${user.id}, ${user.id}, ${pipelineId}, 'New', 'Lead')`,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const move = db().execute(sql`update deals set stage = 'Lost' where id = ${dealId}`);
    await Promise.all([lead, move]);
    await expectConsistent([user], 'after the lead and the move');
  });

  it('read as zeros for a user with nothing yet', async () => {
    const user = await signUp(t.app, 'new');
    const [kept] = await rows<StatsRow>(statsSql(soloMember(user.id)));
    expect(kept).toEqual({ total_deal_value: '0', total_contacts: 0, active_projects: 0, open_tasks: 0 });
  });
});
