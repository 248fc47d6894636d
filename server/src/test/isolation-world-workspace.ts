import { expect } from 'vitest';
import type { UserClient } from './test-app';

// A's workspace in the isolation matrix's world (isolation-world.ts): renamed, with a pending invitation to an
// address that is not B's.

export interface WorkspaceWorld {
  workspaceId: string;
  /** Its name, as its Owner types it to delete it. */
  workspaceName: string;
  invitationId: string;
  /** The invitation's link token (the isolation app sends no mail, so the link comes back to copy). */
  invitationToken: string;
}

export async function makeWorkspaceWorld(a: UserClient, marker: string): Promise<WorkspaceWorld> {
  const workspaceName = `${marker} workspace`;
  const renamed = await a.patch('/api/workspace', { name: workspaceName });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const invited = await a.post('/api/workspace/invitations', { email: 'invitee@example.com', role: 'member' });
  expect(invited.statusCode, invited.body).toBe(201);
  const { invitation, link } = invited.json<{ invitation: { id: string }; link: string }>();
  return {
    workspaceId: renamed.json<{ id: string }>().id,
    workspaceName,
    invitationId: invitation.id,
    invitationToken: link.split('/invite/')[1]!,
  };
}
