import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages } from '@common/workspaces';
import { workspaceMembers } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// Workspaces and their members (issue 29): every account's own workspace, switching, roles, removing and leaving.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const workspacesOf = async (user: UserClient) =>
  (await user.get('/api/workspaces')).json<{
    items: Array<{ id: string; name: string; role: string; current: boolean }>;
  }>().items;

describe('workspaces', () => {
  it('gives a new account its own workspace, named after it, with the account as its Owner', async () => {
    const ann = await signUp(t.app, 'ann');
    const [own, ...others] = await workspacesOf(ann);
    expect(others).toEqual([]);
    expect(own).toMatchObject({ name: 'ann', role: 'owner', current: true });
    const members = (await ann.get('/api/workspace/members')).json().items;
    expect(members).toEqual([
      expect.objectContaining({ userId: ann.id, email: ann.email, role: 'owner', visibility: 'all' }),
    ]);
    expect(members[0].lastActiveAt).toEqual(expect.any(String));
  });

  it('names the workspace’s people to every member, without their addresses', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    for (const member of [ann, bob]) {
      const res = await member.get('/api/workspace/people');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        items: [
          { userId: ann.id, name: 'ann', avatarUrl: null },
          { userId: bob.id, name: 'bob', avatarUrl: null },
        ],
      });
    }
    const stranger = await signUp(t.app, 'eve');
    expect((await stranger.get('/api/workspace/people')).json().items).toEqual([
      { userId: stranger.id, name: 'eve', avatarUrl: null },
    ]);
  });

  it('renames the workspace, refusing a blank or overlong name and a Member', async () => {
    const ann = await signUp(t.app, 'ann');
    const renamed = await ann.patch('/api/workspace', { name: '  Acme sales  ' });
    expect(renamed.json()).toMatchObject({ name: 'Acme sales', role: 'owner', current: true });
    for (const name of ['  ', 'x'.repeat(101)]) {
      const res = await ann.patch('/api/workspace', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBeTypeOf('string');
    }
    const bob = await joined(t.app, ann, 'bob', 'member');
    const refused = await bob.patch('/api/workspace', { name: 'Bob was here' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(workspaceMessages.adminOnly);
    expect((await workspacesOf(ann))[0]!.name).toBe('Acme sales');
  });

  it('switches between the user’s workspaces and remembers the choice; another workspace is not found', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const [bobsOwn, anns] = await workspacesOf(bob);
    expect(anns).toMatchObject({ role: 'member', current: true });
    expect((await bob.post('/api/workspaces/current', { workspaceId: bobsOwn!.id })).json()).toMatchObject({
      id: bobsOwn!.id,
      current: true,
    });
    expect((await workspacesOf(bob)).find((w) => w.current)!.id).toBe(bobsOwn!.id);
    const stranger = await signUp(t.app, 'eve');
    const [evesOwn] = await workspacesOf(stranger);
    expect((await bob.post('/api/workspaces/current', { workspaceId: evesOwn!.id })).statusCode).toBe(404);
    expect((await workspacesOf(bob)).find((w) => w.current)!.id).toBe(bobsOwn!.id);
  });

  it('lets an Admin change a member’s role and visibility, never the Owner’s, and a Member nothing', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const cat = await joined(t.app, ann, 'cat', 'admin');
    const changed = await cat.patch(`/api/workspace/members/${bob.id}`, { visibility: 'own' });
    expect(changed.json()).toMatchObject({ userId: bob.id, role: 'member', visibility: 'own' });
    expect((await cat.patch(`/api/workspace/members/${bob.id}`, { role: 'admin' })).json().role).toBe('admin');
    const owner = await cat.patch(`/api/workspace/members/${ann.id}`, { role: 'member' });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error).toBe(workspaceMessages.ownerCannotChange);
    expect((await cat.patch(`/api/workspace/members/${ann.id}`, { visibility: 'own' })).statusCode).toBe(400);
    expect((await cat.patch(`/api/workspace/members/${bob.id}`, { role: 'owner' })).statusCode).toBe(400);
    await ann.patch(`/api/workspace/members/${bob.id}`, { role: 'member' });
    const refused = await bob.patch(`/api/workspace/members/${cat.id}`, { role: 'member' });
    expect(refused.statusCode).toBe(403);
    expect((await bob.get('/api/workspace/members')).statusCode).toBe(403);
    expect((await bob.get('/api/workspace/invitations')).statusCode).toBe(403);
  });

  it('removes a member, who works in their own workspace from their next request on', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const cat = await joined(t.app, ann, 'cat', 'member');
    const annsId = (await workspacesOf(ann))[0]!.id;
    expect((await bob.get('/api/workspaces')).json().items.find((w: { current: boolean }) => w.current).id).toBe(
      annsId,
    );

    const noHeir = await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: bob.id });
    expect(noHeir.statusCode).toBe(400);
    expect(noHeir.json().fields.reassignTo).toBe(workspaceMessages.reassignInvalid);
    const byMember = await cat.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: cat.id });
    expect(byMember.statusCode).toBe(403);
    expect((await ann.post(`/api/workspace/members/${ann.id}/remove`, { reassignTo: cat.id })).statusCode).toBe(400);

    expect((await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: cat.id })).statusCode).toBe(204);
    const after = await workspacesOf(bob);
    expect(after.map((w) => w.id)).not.toContain(annsId);
    expect(after).toEqual([expect.objectContaining({ role: 'owner', current: true })]);
    expect((await bob.post('/api/workspaces/current', { workspaceId: annsId })).statusCode).toBe(404);
    expect((await ann.post(`/api/workspace/members/${bob.id}/remove`, { reassignTo: cat.id })).statusCode).toBe(404);
  });

  it('lets a member leave, but not the Owner, until ownership is transferred', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await joined(t.app, ann, 'bob', 'member');
    const ownerLeaves = await ann.post('/api/workspace/leave');
    expect(ownerLeaves.statusCode).toBe(400);
    expect(ownerLeaves.json().error).toBe(workspaceMessages.ownerCannotLeave);

    expect((await bob.post('/api/workspace/transfer', { userId: bob.id })).statusCode).toBe(403);
    const notMember = await ann.post('/api/workspace/transfer', { userId: (await signUp(t.app, 'eve')).id });
    expect(notMember.statusCode).toBe(400);
    const transferred = await ann.post('/api/workspace/transfer', { userId: bob.id });
    expect(transferred.json().items.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [ann.id, 'admin'],
      [bob.id, 'owner'],
    ]);
    expect((await ann.post('/api/workspace/leave')).statusCode).toBe(204);
    const workspaceId = (await workspacesOf(bob)).find((w) => w.current)!.id;
    const left = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    expect(left.map((m) => m.userId)).toEqual([bob.id]);
  });
});
