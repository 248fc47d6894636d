import { pipelineMessages } from '@common/pipelines';
import { webhookMessages } from '@common/webhooks';
import { workspaceMessages, type WorkspaceRole } from '@common/workspaces';
import { bare, del, get, patch, post, put, type Probe } from './isolation-probes';
import type { Team } from './isolation-team';
import type { World } from './isolation-world';

// The roles of the isolation matrix (issue 29): which routes are an Admin's and which the Owner's, with the refusal
// each answers to anyone less. Every other signed-in route is every member's: the walks of the matrix send every
// route as a Member (isolation-walk.ts), so a route refused here but not listed, or listed but let through, fails.

/** The Owner's or an Admin's: members, invitations, the workspace's name and settings, pipelines and stages. */
export const adminRoutes: Record<string, string> = {
  'PATCH /api/workspace': workspaceMessages.adminOnly,
  'GET /api/workspace/members': workspaceMessages.adminOnly,
  'PATCH /api/workspace/members/:userId': workspaceMessages.adminOnly,
  'POST /api/workspace/members/:userId/remove': workspaceMessages.adminOnly,
  'GET /api/workspace/invitations': workspaceMessages.adminOnly,
  'POST /api/workspace/invitations': workspaceMessages.adminOnly,
  'POST /api/workspace/invitations/:id/resend': workspaceMessages.adminOnly,
  'DELETE /api/workspace/invitations/:id': workspaceMessages.adminOnly,
  'POST /api/pipelines': pipelineMessages.adminOnly,
  'PATCH /api/pipelines/:id': pipelineMessages.adminOnly,
  'DELETE /api/pipelines/:id': pipelineMessages.adminOnly,
  'POST /api/pipelines/:id/default': pipelineMessages.adminOnly,
  'POST /api/pipelines/:id/stages': pipelineMessages.adminOnly,
  'POST /api/pipelines/:id/stages/remove': pipelineMessages.adminOnly,
  'POST /api/pipelines/:id/stages/rename': pipelineMessages.adminOnly,
  'PUT /api/pipelines/:id/stages': pipelineMessages.adminOnly,
  'GET /api/webhooks': webhookMessages.adminOnly,
  'POST /api/webhooks': webhookMessages.adminOnly,
  'PATCH /api/webhooks/:id': webhookMessages.adminOnly,
  'DELETE /api/webhooks/:id': webhookMessages.adminOnly,
  'GET /api/webhooks/:id/deliveries': webhookMessages.adminOnly,
  'POST /api/webhooks/:id/test': webhookMessages.adminOnly,
};

/** The Owner's alone: handing the Owner's role on, and deleting the workspace. */
export const ownerRoutes: Record<string, string> = {
  'POST /api/workspace/transfer': workspaceMessages.ownerOnly,
  'DELETE /api/workspace': workspaceMessages.deleteOwnerOnly,
};

/** The refusal a route answers to this role, or null when the role may call it. */
export function refusalOf(key: string, role: WorkspaceRole): string | null {
  if (role !== 'owner' && key in ownerRoutes) return ownerRoutes[key]!;
  if (role === 'member' && key in adminRoutes) return adminRoutes[key]!;
  return null;
}

/**
 * One call of every Admin's route on workspace 2's own records, in an order an Admin can make them all: a Member
 * sends each and is refused, then Ada, the Admin, sends each and is answered `admin`.
 */
export function adminCalls(w: World, team: Team): Array<{ key: string; probe: Probe; admin: number }> {
  const second = team.w2.secondPipelineId;
  return [
    { key: 'PATCH /api/workspace', probe: patch('/api/workspace', { name: 'Renamed team' }), admin: 200 },
    { key: 'GET /api/workspace/members', probe: get('/api/workspace/members'), admin: 200 },
    { key: 'GET /api/workspace/invitations', probe: get('/api/workspace/invitations'), admin: 200 },
    {
      key: 'POST /api/workspace/invitations',
      probe: post('/api/workspace/invitations', { email: 'another-invitee@example.com', role: 'admin' }),
      admin: 201,
    },
    {
      key: 'POST /api/workspace/invitations/:id/resend',
      probe: bare(`/api/workspace/invitations/${team.w2.invitationId}/resend`),
      admin: 200,
    },
    {
      key: 'DELETE /api/workspace/invitations/:id',
      probe: del(`/api/workspace/invitations/${team.w2.invitationId}`),
      admin: 204,
    },
    { key: 'POST /api/pipelines', probe: post('/api/pipelines', { name: 'Member pipeline' }), admin: 201 },
    { key: 'PATCH /api/pipelines/:id', probe: patch(`/api/pipelines/${second}`, { name: 'Renamed' }), admin: 200 },
    {
      key: 'POST /api/pipelines/:id/stages',
      probe: post(`/api/pipelines/${second}/stages`, { name: 'Signed' }),
      admin: 200,
    },
    {
      key: 'POST /api/pipelines/:id/stages/rename',
      probe: post(`/api/pipelines/${second}/stages/rename`, { from: 'Signed', to: 'Closed' }),
      admin: 200,
    },
    {
      key: 'PUT /api/pipelines/:id/stages',
      probe: put(`/api/pipelines/${second}/stages`, {
        stages: ['Closed', 'Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'],
      }),
      admin: 200,
    },
    {
      key: 'POST /api/pipelines/:id/stages/remove',
      probe: post(`/api/pipelines/${second}/stages/remove`, { name: 'Closed' }),
      admin: 200,
    },
    { key: 'POST /api/pipelines/:id/default', probe: bare(`/api/pipelines/${second}/default`), admin: 200 },
    { key: 'GET /api/webhooks', probe: get('/api/webhooks'), admin: 200 },
    {
      key: 'POST /api/webhooks',
      probe: post('/api/webhooks', { url: 'https://example.com/team-hook', events: ['deal.won'] }),
      admin: 201,
    },
    {
      key: 'PATCH /api/webhooks/:id',
      probe: patch(`/api/webhooks/${team.w2.webhookId}`, { enabled: false }),
      admin: 200,
    },
    {
      key: 'GET /api/webhooks/:id/deliveries',
      probe: get(`/api/webhooks/${team.w2.webhookId}/deliveries`),
      admin: 200,
    },
    { key: 'POST /api/webhooks/:id/test', probe: post(`/api/webhooks/${team.w2.webhookId}/test`, {}), admin: 202 },
    { key: 'DELETE /api/webhooks/:id', probe: del(`/api/webhooks/${team.w2.webhookId}`), admin: 204 },
    { key: 'DELETE /api/pipelines/:id', probe: del(`/api/pipelines/${second}`), admin: 204 },
    {
      key: 'PATCH /api/workspace/members/:userId',
      probe: patch(`/api/workspace/members/${team.eve.id}`, { role: 'admin', visibility: 'own' }),
      admin: 200,
    },
    {
      key: 'POST /api/workspace/members/:userId/remove',
      probe: post(`/api/workspace/members/${team.eve.id}/remove`, { reassignTo: w.b.id }),
      admin: 204,
    },
  ];
}

/**
 * One call of every Owner's route in workspace 2: Ada, an Admin, and Dee, a Member, are refused; B may. The deletion
 * names the workspace wrongly, so B's answer is the name's refusal (past the role's) and workspace 2 stays for the
 * transfer; the workspaces' own tests delete one.
 */
export function ownerCalls(team: Team): Array<{ key: string; probe: Probe; owner: number }> {
  return [
    { key: 'DELETE /api/workspace', probe: del('/api/workspace', { name: 'Not workspace 2' }), owner: 400 },
    {
      key: 'POST /api/workspace/transfer',
      probe: post('/api/workspace/transfer', { userId: team.ada.id }),
      owner: 200,
    },
  ];
}
