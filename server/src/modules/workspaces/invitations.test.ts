import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_PER_HOUR, workspaceMessages } from '@common/workspaces';
import { workspaceInvitations, workspaceMembers } from '../../db/schema';
import { buildTestApp, signUp, uniqueEmail, type TestApp, type UserClient } from '../../test/test-app';
import { signUpWith, tokenOf } from '../../test/workspace-kit';

// Invitations (issue 29): a single-use link that expires after 7 days, stored only as a hash; used, revoked,
// expired or forged, it says so and joins nothing. This app sends no mail: the link comes back to copy.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  await ann.patch('/api/workspace', { name: 'Ann & Co' });
});
afterAll(() => t.close());

async function invite(email: string, role = 'member') {
  const res = await ann.post('/api/workspace/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ invitation: { id: string; email: string }; mailed: boolean; link: string }>();
}

const membersOf = async (workspaceId: string) =>
  (await t.database.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))).map(
    (m) => m.userId,
  );

describe('invitations', () => {
  it('invites an address, previews the link without a session, and joins the invited account', async () => {
    const email = uniqueEmail('bob');
    const sent = await invite(`  ${email.toUpperCase()} `, 'admin');
    expect(sent).toMatchObject({ mailed: false, invitation: { email, role: 'admin', invitedBy: 'ann' } });
    expect(sent.link).toMatch(/^http:\/\/[^/]+\/invite\/[\w-]{43}$/);
    const stored = await t.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, sent.invitation.id));
    expect(stored[0]!.tokenHash).not.toContain(tokenOf(sent.link));

    const token = tokenOf(sent.link);
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.json()).toEqual({ workspaceName: 'Ann & Co', invitedBy: 'ann', email, role: 'admin' });
    expect((await ann.get('/api/workspace/invitations')).json().items.map((i: { id: string }) => i.id)).toContain(
      sent.invitation.id,
    );

    const stranger = await signUp(t.app, 'eve');
    const refused = await stranger.post(`/api/invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(workspaceMessages.invitationOtherEmail);

    const bob = await signUpWith(t.app, email);
    const accepted = await bob.post(`/api/invitations/${token}/accept`);
    expect(accepted.json()).toMatchObject({ name: 'Ann & Co', role: 'admin', current: true });
    const workspaceId = accepted.json().id;
    expect(await membersOf(workspaceId)).toEqual([ann.id, bob.id]);
    expect(await membersOf(workspaceId)).not.toContain(stranger.id);
    expect((await ann.get('/api/workspace/invitations')).json().items).toEqual([]);

    const again = await bob.post(`/api/invitations/${token}/accept`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(workspaceMessages.invitationUsed);
    const reused = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(reused.json()).toEqual({ error: workspaceMessages.invitationUsed });
    const member = await ann.post('/api/workspace/invitations', { email, role: 'member' });
    expect(member.statusCode).toBe(409);
    expect(member.json().fields.email).toBe(workspaceMessages.alreadyMember);
  });

  it('says why a link joins nothing: forged, revoked, expired, or replaced by a resend', async () => {
    const forged = await t.app.inject({ method: 'GET', url: `/api/invitations/${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe(workspaceMessages.invitationUnknown);

    const revoked = await invite(uniqueEmail('rev'));
    expect((await ann.delete(`/api/workspace/invitations/${revoked.invitation.id}`)).statusCode).toBe(204);
    expect((await ann.delete(`/api/workspace/invitations/${revoked.invitation.id}`)).statusCode).toBe(404);
    const revokedPreview = await t.app.inject({ method: 'GET', url: `/api/invitations/${tokenOf(revoked.link)}` });
    expect(revokedPreview.json().error).toBe(workspaceMessages.invitationRevoked);

    const email = uniqueEmail('old');
    const old = await invite(email);
    await t.database.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, old.invitation.id));
    const late = await signUpWith(t.app, email);
    const expired = await late.post(`/api/invitations/${tokenOf(old.link)}/accept`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(workspaceMessages.invitationExpired);

    const resent = await ann.post(`/api/workspace/invitations/${old.invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().link).not.toBe(old.link);
    const stale = await late.post(`/api/invitations/${tokenOf(old.link)}/accept`);
    expect(stale.json().error).toBe(workspaceMessages.invitationUnknown);
    expect((await late.post(`/api/invitations/${tokenOf(resent.json().link)}/accept`)).statusCode).toBe(200);
  });

  it('refuses a second pending invitation to one address, and an expired one gives way', async () => {
    const email = uniqueEmail('dup');
    const first = await invite(email);
    const twice = await ann.post('/api/workspace/invitations', { email, role: 'member' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields.email).toBe(workspaceMessages.alreadyInvited);
    await t.database.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, first.invitation.id));
    expect((await invite(email)).invitation.id).not.toBe(first.invitation.id);
  });

  it('answers 400 with field messages for a bad address or role, storing nothing', async () => {
    const before = (await ann.get('/api/workspace/invitations')).json().items.length;
    for (const [body, field] of [
      [{ email: 'nope', role: 'member' }, 'email'],
      [{ email: 'a@example.com', role: 'owner' }, 'role'],
      [{ email: 'a@example.com' }, 'role'],
    ] as const) {
      const res = await ann.post('/api/workspace/invitations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBeTypeOf('string');
    }
    expect((await ann.get('/api/workspace/invitations')).json().items).toHaveLength(before);
  });

  it(`sends at most ${INVITATIONS_PER_HOUR} invitations an hour from one workspace`, async () => {
    const boss = await signUp(t.app, 'boss');
    for (let n = 0; n < INVITATIONS_PER_HOUR; n++) {
      const res = await boss.post('/api/workspace/invitations', { email: `guest${n}@example.com`, role: 'member' });
      expect(res.statusCode).toBe(201);
    }
    const over = await boss.post('/api/workspace/invitations', { email: 'one-more@example.com', role: 'member' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(workspaceMessages.tooManyInvitations);
  });
});
