import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/select-rows';
import { authUsers } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { statsSql, type StatsRow } from './queries';

// The stat cards read user_stats, the deal board's column totals and the pipeline overview deal_stage_totals, the
// unfiltered task board's counts task_status_totals; the database's triggers keep all three. After any sequence of changes, through the API or in bulk
// in SQL, each user's rows must hold exactly what counting their rows gives.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);

/** The stat cards counted from every row of the user, as the dashboard did before user_stats. */
async function countedStats(userId: string): Promise<StatsRow> {
  const [row] = await rows<StatsRow>(sql`select
    (select coalesce(sum(value)::text, '0') from deals where user_id = ${userId} and stage <> 'Lost')
      as total_deal_value,
    (select count(*)::int from contacts where user_id = ${userId}) as total_contacts,
    (select count(*)::int from projects where user_id = ${userId} and status <> 'Completed') as active_projects,
    (select count(*)::int from tasks where user_id = ${userId} and status <> 'Done')
      + (select count(*)::int from tasks
          where assigned_user_id = ${userId} and assigned_user_id <> user_id and status <> 'Done') as open_tasks`);
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

/** Each status's tasks as the board counts them (own, and assigned by another user): as kept and as counted. */
async function taskTotals(userId: string) {
  const kept = await rows(sql`select status, tasks as n from task_status_totals
    where user_id = ${userId} and tasks <> 0 order by status`);
  const counted = await rows(sql`select status, count(*)::int as n from (
      select status from tasks where user_id = ${userId}
      union all select status from tasks where assigned_user_id = ${userId} and assigned_user_id <> user_id
    ) t group by status order by status`);
  return { kept, counted };
}

async function expectConsistent(users: UserClient[], step: string) {
  for (const user of users) {
    const [kept] = await rows<StatsRow>(statsSql(user.id));
    expect(comparable(kept!), `${step}, user ${users.indexOf(user)}`).toEqual(comparable(await countedStats(user.id)));
    const stages = await stageTotals(user.id);
    expect(stages.kept, `${step}, stages of user ${users.indexOf(user)}`).toEqual(stages.counted);
    const statuses = await taskTotals(user.id);
    expect(statuses.kept, `${step}, task statuses of user ${users.indexOf(user)}`).toEqual(statuses.counted);
  }
}

function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

function csvImport(user: UserClient, names: string[]) {
  const boundary = 'pipewise-user-stats';
  const part = (name: string, body: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
    (filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : '') +
    `\r\n\r\n${body}\r\n`;
  const payload =
    part('mapping', JSON.stringify({ name: 0, email: null, phone: null, company: null })) +
    part('duplicates', 'skip') +
    part('file', ['Name', ...names].join('\n'), 'contacts.csv') +
    `--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/contacts/import',
    payload,
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** The id of one of the user's rows of `table`, chosen by `pick`; undefined when they have none. */
async function someId(table: 'contacts' | 'deals' | 'projects' | 'tasks', userId: string, pick: number) {
  const ids = await rows<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where user_id = ${userId} order by created_at, id`,
  );
  return ids.length === 0 ? undefined : ids[pick % ids.length]!.id;
}

let imports = 0;

const stages = ['Lead', 'Negotiation', 'Won', 'Lost'] as const;
const projectStatuses = ['Not Started', 'In Progress', 'Completed'] as const;
const taskStatuses = ['To Do', 'In Progress', 'Done'] as const;

const who = fc.nat(2);
const pick = fc.nat(50);
const money = fc.option(fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100));
const operation = fc.oneof(
  fc.record({ kind: fc.constant('add contact' as const), who }),
  fc.record({ kind: fc.constant('delete contact' as const), who, pick }),
  fc.record({ kind: fc.constant('import contacts' as const), who, count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('move contact' as const), who, to: who, pick }),
  fc.record({ kind: fc.constant('add deal' as const), who, stage: fc.constantFrom(...stages), value: money }),
  fc.record({ kind: fc.constant('edit deal' as const), who, pick, stage: fc.constantFrom(...stages), value: money }),
  fc.record({ kind: fc.constant('move deal' as const), who, pick, stage: fc.constantFrom(...stages) }),
  fc.record({ kind: fc.constant('delete deal' as const), who, pick }),
  fc.record({ kind: fc.constant('delete lost deals' as const), who }),
  fc.record({ kind: fc.constant('deal to second pipeline' as const), who, pick }),
  fc.record({ kind: fc.constant('rename stage' as const), who, stage: fc.constantFrom(...stages) }),
  fc.record({ kind: fc.constant('delete second pipeline' as const), who }),
  fc.record({ kind: fc.constant('add project' as const), who, status: fc.constantFrom(...projectStatuses) }),
  fc.record({ kind: fc.constant('move project' as const), who, pick, status: fc.constantFrom(...projectStatuses) }),
  fc.record({ kind: fc.constant('delete project' as const), who, pick }),
  fc.record({
    kind: fc.constant('add task' as const),
    who,
    assignee: fc.option(who),
    status: fc.constantFrom(...taskStatuses),
  }),
  fc.record({ kind: fc.constant('move task' as const), who, pick, status: fc.constantFrom(...taskStatuses) }),
  fc.record({ kind: fc.constant('reassign task' as const), who, pick, assignee: fc.option(who) }),
  fc.record({ kind: fc.constant('give task' as const), who, to: who, pick }),
  fc.record({ kind: fc.constant('delete task' as const), who, pick }),
  fc.record({ kind: fc.constant('finish all tasks' as const), who }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

/** Each user's second pipeline, made when first needed (and again after it is deleted). */
async function secondPipeline(user: UserClient): Promise<string> {
  const [existing] = await rows<{ id: string }>(
    sql`select id from pipelines where user_id = ${user.id} and name = 'Second'`,
  );
  return existing?.id ?? ok(await user.post('/api/pipelines', { name: 'Second' }), 201).json<{ id: string }>().id;
}

async function apply(op: Operation, users: UserClient[], pipelines: string[]) {
  const user = users[op.who]!;
  const run = (query: ReturnType<typeof sql>) => db().execute(query);
  switch (op.kind) {
    case 'add contact':
      return ok(await user.post('/api/contacts', { name: 'Ada' }), 201);
    case 'delete contact': {
      const id = await someId('contacts', user.id, op.pick);
      return id && ok(await user.delete(`/api/contacts/${id}`), 204);
    }
    case 'import contacts':
      return ok(
        await csvImport(
          user,
          Array.from({ length: op.count }, () => `Imported ${++imports}`),
        ),
      );
    case 'move contact': {
      const id = await someId('contacts', user.id, op.pick);
      return id && run(sql`update contacts set user_id = ${users[op.to]!.id} where id = ${id}`);
    }
    case 'add deal': {
      const deal = { name: 'Deal', pipelineId: pipelines[op.who], stage: op.stage, value: op.value };
      return ok(await user.post('/api/deals', deal), 201);
    }
    case 'edit deal': {
      const id = await someId('deals', user.id, op.pick);
      const deal = { name: 'Edited', pipelineId: pipelines[op.who], stage: op.stage, value: op.value };
      return id && ok(await user.patch(`/api/deals/${id}`, deal));
    }
    case 'move deal': {
      const id = await someId('deals', user.id, op.pick);
      return id && ok(await user.patch(`/api/deals/${id}/stage`, { stage: op.stage }));
    }
    case 'delete deal': {
      const id = await someId('deals', user.id, op.pick);
      return id && ok(await user.delete(`/api/deals/${id}`), 204);
    }
    case 'delete lost deals':
      return run(sql`delete from deals where user_id = ${user.id} and stage = 'Lost'`);
    case 'deal to second pipeline': {
      const id = await someId('deals', user.id, op.pick);
      return id && run(sql`update deals set pipeline_id = ${await secondPipeline(user)} where id = ${id}`);
    }
    case 'rename stage':
      return run(sql`update deals set stage = 'Renamed' where user_id = ${user.id} and stage = ${op.stage}`);
    case 'delete second pipeline': {
      const id = await secondPipeline(user);
      // The API refuses to delete a pipeline with deals; in SQL its deals go with it (the cascade).
      return run(sql`delete from pipelines where id = ${id}`);
    }
    case 'add project':
      return ok(await user.post('/api/projects', { name: 'Project', status: op.status }), 201);
    case 'move project': {
      const id = await someId('projects', user.id, op.pick);
      return id && ok(await user.patch(`/api/projects/${id}/status`, { status: op.status }));
    }
    case 'delete project': {
      const id = await someId('projects', user.id, op.pick);
      return id && ok(await user.delete(`/api/projects/${id}`), 204);
    }
    case 'add task': {
      const assignee = op.assignee === null ? null : users[op.assignee]!.id;
      return run(sql`insert into tasks (user_id, assigned_user_id, name, status)
        values (${user.id}, ${assignee}, 'Task', ${op.status})`);
    }
    case 'move task': {
      const id = await someId('tasks', user.id, op.pick);
      return id && ok(await user.patch(`/api/tasks/${id}/status`, { status: op.status }));
    }
    case 'reassign task': {
      const id = await someId('tasks', user.id, op.pick);
      const assignee = op.assignee === null ? null : users[op.assignee]!.id;
      return id && run(sql`update tasks set assigned_user_id = ${assignee} where id = ${id}`);
    }
    case 'give task': {
      const id = await someId('tasks', user.id, op.pick);
      return id && run(sql`update tasks set user_id = ${users[op.to]!.id} where id = ${id}`);
    }
    case 'delete task': {
      const id = await someId('tasks', user.id, op.pick);
      return id && ok(await user.delete(`/api/tasks/${id}`), 204);
    }
    case 'finish all tasks':
      return run(sql`update tasks set status = 'Done' where user_id = ${user.id} or assigned_user_id = ${user.id}`);
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
        await db().execute(sql`insert into tasks (user_id, assigned_user_id, name)
          values (${cat.id}, ${users[0]!.id}, 'From Cat'), (${users[1]!.id}, ${cat.id}, 'For Cat')`);
        await expectConsistent(users, 'tasks between Cat and the others');
        await db().delete(authUsers).where(eq(authUsers.id, cat.id));
        await expectConsistent(users.slice(0, 2), 'Cat deleted');
        expect(await rows(sql`select 1 from user_stats where user_id = ${cat.id}`)).toEqual([]);
        expect(await rows(sql`select 1 from deal_stage_totals where user_id = ${cat.id}`)).toEqual([]);
        expect(await rows(sql`select 1 from task_status_totals where user_id = ${cat.id}`)).toEqual([]);
        // The dashboard shows the kept figures.
        const dashboard = ok(await users[0]!.get('/api/dashboard')).json<{ stats: Record<string, unknown> }>();
        const counted = await countedStats(users[0]!.id);
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
    const [kept] = await rows<StatsRow>(statsSql(user.id));
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
      await tx.execute(sql`insert into contacts (user_id, name) values (${user.id}, 'Lead contact')`);
      await tx.execute(sql`select pg_sleep(0.3)`);
      await tx.execute(
        sql`insert into deals (user_id, pipeline_id, name, stage) values (${user.id}, ${pipelineId}, 'New', 'Lead')`,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const move = db().execute(sql`update deals set stage = 'Lost' where id = ${dealId}`);
    await Promise.all([lead, move]);
    await expectConsistent([user], 'after the lead and the move');
  });

  it('read as zeros for a user with nothing yet', async () => {
    const user = await signUp(t.app, 'new');
    const [kept] = await rows<StatsRow>(statsSql(user.id));
    expect(kept).toEqual({ total_deal_value: '0', total_contacts: 0, active_projects: 0, open_tasks: 0 });
  });
});
