import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages } from '@common/workspaces';
import { selectRows } from '../../db/select-rows';
import { buildAppWithRoutes } from '../../test/isolation-app';
import { makeTeam, type Team } from '../../test/isolation-team';
import { MARKER, makeWorld, type World } from '../../test/isolation-world';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { join, joined } from '../../test/workspace-kit';

// Deleting a workspace (issue 29): the Owner alone, typing its name; every record of it goes, in one transaction,
// and nothing of another workspace or of anyone's personal data; each member works in another workspace next.

type Workspaces = Array<{ id: string; name: string; role: string; current: boolean }>;
const workspacesOf = async (user: UserClient) =>
  (await user.get('/api/workspaces')).json<{ items: Workspaces }>().items;
const currentOf = async (user: UserClient) => (await workspacesOf(user)).find((w) => w.current)!;

describe('deleting a workspace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: true, files: true });
  });
  afterAll(() => t.close());

  it('is the Owner’s alone, and needs the workspace’s name exactly', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await ann.patch('/api/workspace', { name: 'Acme sales' })).statusCode).toBe(200);
    const ada = await joined(t.app, ann, 'ada', 'admin');
    const bob = await joined(t.app, ann, 'bob', 'member');
    for (const other of [ada, bob]) {
      const refused = await other.delete('/api/workspace', { name: 'Acme sales' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toBe(workspaceMessages.deleteOwnerOnly);
    }
    for (const body of [{ name: 'acme sales' }, { name: 'Acme sales ' }, { name: '' }, {}, { name: 'Acme' }]) {
      const res = await ann.delete('/api/workspace', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        error: workspaceMessages.deleteNameMismatch,
        fields: { name: workspaceMessages.deleteNameMismatch },
      });
    }
    const extra = await ann.delete('/api/workspace', { name: 'Acme sales', reassignTo: bob.id });
    expect(extra.statusCode).toBe(400);
    for (const user of [ann, ada, bob]) expect((await currentOf(user)).name).toBe('Acme sales');
    expect((await ann.get('/api/workspace/members')).json().items).toHaveLength(3);
  });

  it('moves each member to another of theirs on their next request; an Owner left with none gets a new one', async () => {
    const ann = await signUp(t.app, 'ann');
    expect((await ann.patch('/api/workspace', { name: 'Going' })).statusCode).toBe(200);
    const bob = await joined(t.app, ann, 'bob', 'member');
    const cat = await signUp(t.app, 'cat');
    // Ann works in Cat's workspace too; Bob's current is Ann's, Ann's her own again.
    await join(cat, ann, 'member');
    const catsId = (await currentOf(ann)).id;
    const going = (await workspacesOf(ann)).find((w) => w.name === 'Going')!;
    expect((await ann.post('/api/workspaces/current', { workspaceId: going.id })).statusCode).toBe(200);
    expect((await ann.post('/api/contacts', { name: 'Gone with it' })).statusCode).toBe(201);

    const res = await ann.delete('/api/workspace', { name: 'Going' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await workspacesOf(ann)).toEqual([{ id: catsId, name: 'cat', role: 'member', current: true }]);
    expect(await workspacesOf(bob)).toEqual([expect.objectContaining({ name: 'bob', role: 'owner', current: true })]);
    expect((await bob.post('/api/workspaces/current', { workspaceId: going.id })).statusCode).toBe(404);
    expect((await bob.get('/api/contacts?limit=50')).json().items).toEqual([]);

    // Cat's only workspace: deleted, she starts in a new one of her own, empty, named after her.
    expect((await cat.post('/api/contacts', { name: 'Cat’s lead' })).statusCode).toBe(201);
    expect((await cat.delete('/api/workspace', { name: 'cat' })).statusCode).toBe(204);
    const [fresh, ...none] = await workspacesOf(cat);
    expect(none).toEqual([]);
    expect(fresh).toMatchObject({ name: 'cat', role: 'owner', current: true });
    expect((await cat.get('/api/contacts?limit=50')).json().items).toEqual([]);
    expect((await cat.get('/api/workspace/members')).json().items.map((m: { userId: string }) => m.userId)).toEqual([
      cat.id,
    ]);
    // Ann was in it: she is in a new workspace of her own now.
    expect(await workspacesOf(ann)).toEqual([expect.objectContaining({ role: 'owner', current: true })]);
    expect((await ann.get('/api/pipelines')).statusCode).toBe(200);
  });
});

describe('deleting a workspace with a record of every kind', () => {
  let t: TestApp & { routes: RouteOptions[] };
  let w: World;
  let team: Team;
  beforeAll(async () => {
    t = await buildAppWithRoutes();
    w = await makeWorld(t.app);
    team = await makeTeam(w);
  }, 120_000);
  afterAll(() => t?.close());

  const rows = <Row>(query: ReturnType<typeof sql>) => selectRows<Row>(t.database.db, query);

  /** Every table with a workspace, and each one's rows of this workspace, as text: what must go, or stay. */
  async function workspaceRows(workspaceId: string): Promise<Record<string, string[]>> {
    const tables = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'workspace_id' order by table_name`,
    );
    const found: Record<string, string[]> = {};
    for (const { name } of [...tables, { name: 'workspaces' }]) {
      const key = name === 'workspaces' ? 'id' : 'workspace_id';
      const text = await rows<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(name)} t where ${sql.identifier(key)} = ${workspaceId}
            order by 1`,
      );
      found[name] = text.map((r) => r.row);
    }
    return found;
  }

  /** A's personal rows: bookings, mail, AI and notification settings, the calendar feed, notifications. */
  async function personalRows(userId: string): Promise<Record<string, number>> {
    const tables = [
      'bookings',
      'email_accounts',
      'email_messages',
      'user_ai_config',
      'notification_settings',
      'calendar_integration',
      'scheduling_settings',
      'scheduling_availability',
      'notifications',
    ];
    const counts: Record<string, number> = {};
    for (const name of tables) {
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)} where user_id = ${userId}`,
      );
      counts[name] = row!.n;
    }
    return counts;
  }

  it('deletes every record of the workspace, its counters and invitations, and nothing of another workspace or of anyone’s own', async () => {
    const w1 = await workspaceRows(w.workspaceId);
    // The world holds a row of every shared table, counter and invitation: each one is shown to go.
    expect(Object.entries(w1).filter(([, found]) => found.length === 0)).toEqual([]);
    // Olive, a Member of it, may not, naming it; A may.
    const refused = await team.olive.delete('/api/workspace', { name: w.workspaceName });
    expect(refused.statusCode).toBe(403);
    const w2 = await workspaceRows(team.w2.workspaceId);
    const aOwn = await personalRows(w.a.id);
    expect(Object.entries(aOwn).filter(([, n]) => n === 0)).toEqual([]);
    const oliveOwn = await personalRows(team.olive.id);
    expect(oliveOwn.notifications).toBeGreaterThanOrEqual(2);
    expect((await w.a.delete('/api/workspace', { name: w.workspaceName })).statusCode).toBe(204);

    const after = await workspaceRows(w.workspaceId);
    expect(Object.entries(after).filter(([, found]) => found.length > 0)).toEqual([]);
    expect(await workspaceRows(team.w2.workspaceId)).toEqual(w2);
    expect(await personalRows(w.a.id)).toEqual(aOwn);
    expect(await personalRows(team.olive.id)).toEqual(oliveOwn);
    expect(await rows(sql`select id from users where current_workspace_id = ${w.workspaceId}`)).toEqual([]);
  });

  it('keeps the bell of a member whose notifications were of the deleted tasks and activities', async () => {
    const list = await team.olive.get('/api/notifications?limit=50');
    expect(list.statusCode, list.body).toBe(200);
    const kinds = list.json<{ items: Array<{ id: string; kind: string }> }>().items.map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['task_assigned', 'activity_assigned']));
    const unread = await team.olive.get('/api/notifications/unread');
    expect(unread.statusCode, unread.body).toBe(200);
    expect(unread.json().count).toBeGreaterThanOrEqual(2);
    const first = list.json<{ items: Array<{ id: string }> }>().items[0]!;
    expect((await team.olive.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(200);
    expect((await team.olive.post('/api/notifications/read-all')).statusCode).toBe(200);
  });

  it('moves every member on: Olive and A to a workspace of their own, Dee stays where she works', async () => {
    for (const user of [team.olive, team.dee]) {
      const items = await workspacesOf(user);
      expect(items.map((item) => item.id)).not.toContain(w.workspaceId);
    }
    expect(await currentOf(team.olive)).toMatchObject({ name: 'olive', role: 'owner' });
    expect((await currentOf(team.dee)).id).toBe(team.w2.workspaceId);
    // A new one, named after A, empty (it takes A's id again, as an account's first workspace does: it is free).
    expect(await workspacesOf(w.a)).toEqual([expect.objectContaining({ name: `${MARKER} Ann`, role: 'owner' })]);
    expect((await w.a.get('/api/contacts?limit=50')).json().items).toEqual([]);
    expect((await w.a.get('/api/workspace/members')).json().items).toHaveLength(1);
    expect((await w.a.get('/api/dashboard?tz=UTC')).statusCode).toBe(200);
    // A's bookings and mail are A's still.
    expect((await w.a.get('/api/bookings')).json().items).toHaveLength(1);
    expect((await w.a.get(`/api/email/messages/${w.emailMessageId}`)).statusCode).toBe(200);
  });
});
