import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { selectRows } from '../db/select-rows';
import { finishImports } from './contact-import-kit';
import type { TestApp, UserClient } from './test-app';

// The changes the user stats' property (modules/dashboard/user-stats.test.ts) makes in any order, among three users:
// through the API as a user would, and in bulk in SQL as an operator or a cascade would.

export function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

const stages = ['Lead', 'Negotiation', 'Won', 'Lost'] as const;
const projectStatuses = ['Not Started', 'In Progress', 'Completed'] as const;
const taskStatuses = ['To Do', 'In Progress', 'Done'] as const;

const who = fc.nat(2);
const pick = fc.nat(50);
const money = fc.option(fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100));
export const operation = fc.oneof(
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
export type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

/** Each change applied to the users of the app `app()` gives once it is built. */
export function statsOperations(app: () => TestApp) {
  const db = () => app().database.db;
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db(), query);
  let imports = 0;

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
    return app().app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      payload,
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  /**
   * The id of one of the user's rows of `table` in their own workspace (the one their requests work in), chosen by
   * `pick`; undefined when they have none.
   */
  async function someId(table: 'contacts' | 'deals' | 'projects' | 'tasks', userId: string, pick: number) {
    const ids = await rows<{ id: string }>(
      sql`select id from ${sql.identifier(table)} where user_id = ${userId} and workspace_id = ${userId}
        order by created_at, id`,
    );
    return ids.length === 0 ? undefined : ids[pick % ids.length]!.id;
  }

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
      case 'import contacts': {
        ok(
          await csvImport(
            user,
            Array.from({ length: op.count }, () => `Imported ${++imports}`),
          ),
          202,
        );
        return finishImports(app().app);
      }
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
        return run(sql`insert into tasks (user_id, workspace_id, assigned_user_id, name, status)
        values (${user.id}, ${user.id}, ${assignee}, 'Task', ${op.status})`);
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

  return apply;
}
