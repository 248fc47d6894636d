import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tasks } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// Records shared in a workspace (issue 29): every member works on the same contacts, deals, projects and tasks; a
// member on "own records" sees only what they own or are assigned; a member who goes hands their records on.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const namesOf = async (user: UserClient, path: string) =>
  (await user.get(path))
    .json<{ items: Array<{ name: string }> }>()
    .items.map((item) => item.name)
    .sort();

async function newContact(user: UserClient, name: string): Promise<string> {
  const res = await user.post('/api/contacts', { name, email: null, phone: null, company: 'Acme', website: null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function newTask(user: UserClient, name: string): Promise<string> {
  const res = await user.post('/api/tasks', { name, status: 'To Do' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const ownerOf = async (id: string) =>
  (await t.database.db.select({ userId: contacts.userId }).from(contacts).where(eq(contacts.id, id)))[0]?.userId;

const setVisibility = async (admin: UserClient, member: UserClient, visibility: 'all' | 'own') =>
  expect((await admin.patch(`/api/workspace/members/${member.id}`, { visibility })).statusCode).toBe(200);

describe('records shared in a workspace', () => {
  it('lets every member read and change the workspace’s records, and no one outside it', async () => {
    const ann = await signUp(t.app, 'ann');
    const annContact = await newContact(ann, 'Grace Hopper');
    await newTask(ann, 'Call Grace');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const bobContact = await newContact(bob, 'Alan Turing');

    for (const member of [ann, bob]) {
      expect(await namesOf(member, '/api/contacts?limit=50')).toEqual(['Alan Turing', 'Grace Hopper']);
      expect((await member.get('/api/contacts/count')).json()).toEqual({ count: 2, hasMore: false });
      expect(await namesOf(member, '/api/tasks?limit=50')).toEqual(['Call Grace']);
      const hits = (await member.get('/api/search?q=grace')).json().items.map((hit: { title: string }) => hit.title);
      expect(hits.sort()).toEqual(['Call Grace', 'Grace Hopper']);
      expect((await member.get('/api/dashboard')).json().stats).toMatchObject({ totalContacts: 2, openTasks: 1 });
    }
    // Bob changes Ann's contact; each record keeps its owner.
    const renamed = await bob.patch(`/api/contacts/${annContact}`, {
      name: 'Grace B. Hopper',
      email: null,
      phone: null,
      company: 'Navy',
      website: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ownerOf(annContact)).toBe(ann.id);
    expect(await ownerOf(bobContact)).toBe(bob.id);

    // Outside the workspace: someone else, and Bob himself in his own workspace, see none of it.
    const eve = await signUp(t.app, 'eve');
    expect((await eve.get(`/api/contacts/${annContact}`)).statusCode).toBe(404);
    expect((await eve.patch(`/api/contacts/${annContact}`, { name: 'x' })).statusCode).toBe(404);
    expect(await namesOf(eve, '/api/contacts?limit=50')).toEqual([]);
    const bobsOwn = (await bob.get('/api/workspaces')).json().items.find((w: { role: string }) => w.role === 'owner');
    expect((await bob.post('/api/workspaces/current', { workspaceId: bobsOwn.id })).statusCode).toBe(200);
    expect(await namesOf(bob, '/api/contacts?limit=50')).toEqual([]);
    expect((await bob.get(`/api/contacts/${bobContact}`)).statusCode).toBe(404);
  });

  it('shows a member on "own records" only what they own or are assigned, in lists, counts, search and the dashboard', async () => {
    const ann = await signUp(t.app, 'ann');
    const annContact = await newContact(ann, 'Grace Hopper');
    const assigned = await newTask(ann, 'Assigned to Carol');
    await newTask(ann, 'Ann alone');
    const carol = await joined(t.app, ann, 'carol', 'member');
    await setVisibility(ann, carol, 'own');
    await t.database.db.update(tasks).set({ assignedUserId: carol.id }).where(eq(tasks.id, assigned));
    await newContact(carol, 'Carol’s lead');

    expect(await namesOf(carol, '/api/contacts?limit=50')).toEqual(['Carol’s lead']);
    expect((await carol.get('/api/contacts/count')).json()).toEqual({ count: 1, hasMore: false });
    expect((await carol.get(`/api/contacts/${annContact}`)).statusCode).toBe(404);
    expect((await carol.delete(`/api/contacts/${annContact}`)).statusCode).toBe(404);
    expect(await namesOf(carol, '/api/tasks?limit=50')).toEqual(['Assigned to Carol']);
    expect((await carol.get('/api/search?q=grace')).json().items).toEqual([]);
    expect((await carol.get('/api/dashboard')).json().stats).toMatchObject({ totalContacts: 1, openTasks: 1 });
    const exported = (await carol.get('/api/contacts/export')).body;
    expect(exported).toContain('Carol’s lead');
    expect(exported).not.toContain('Grace Hopper');

    // Ann, seeing all, sees both; back on "all", Carol does too.
    expect(await namesOf(ann, '/api/contacts?limit=50')).toEqual(['Carol’s lead', 'Grace Hopper']);
    await setVisibility(ann, carol, 'all');
    expect(await namesOf(carol, '/api/contacts?limit=50')).toEqual(['Carol’s lead', 'Grace Hopper']);
  });

  it('hands a removed member’s records to the member chosen, and a leaving member’s to the Owner', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const dan = await joined(t.app, ann, 'dan', 'admin');
    const bobContact = await newContact(bob, 'Bob’s lead');
    const annTask = await newTask(ann, 'For Bob');
    await t.database.db.update(tasks).set({ assignedUserId: bob.id }).where(eq(tasks.id, annTask));

    const removed = await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: dan.id });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await ownerOf(bobContact)).toBe(dan.id);
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, annTask));
    expect(task!.assignedUserId).toBe(dan.id);
    expect(await namesOf(bob, '/api/contacts?limit=50')).toEqual([]);
    expect((await bob.get(`/api/contacts/${bobContact}`)).statusCode).toBe(404);

    const danContact = await newContact(dan, 'Dan’s lead');
    expect((await dan.post('/api/workspace/leave')).statusCode).toBe(204);
    expect(await ownerOf(danContact)).toBe(ann.id);
    expect(await namesOf(ann, '/api/contacts?limit=50')).toEqual(['Bob’s lead', 'Dan’s lead']);
    expect(await ownerOf(bobContact)).toBe(ann.id);
    // The dashboard's counters followed the records: Ann's row counts both, Bob's and Dan's none.
    const counted = await selectRows<{ user_id: string; contacts: number }>(
      t.database.db,
      sql`select user_id, contacts from user_stats where workspace_id = ${ann.id} and contacts <> 0`,
    );
    expect(counted).toEqual([{ user_id: ann.id, contacts: 2 }]);
  });
});
