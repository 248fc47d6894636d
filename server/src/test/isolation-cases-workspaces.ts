import { bare, del, get, patch, post, type RouteCase } from './isolation-probes';

// The isolation cases of workspaces, members and invitations (isolation-cases.ts): B, the Owner of their own
// workspace, names A's workspace, A's membership and A's invitation.

export const workspaceCases: Record<string, RouteCase> = {
  'GET /api/workspaces': { probes: () => [get('/api/workspaces')] },
  'POST /api/workspaces/current': {
    probes: (w) => [post('/api/workspaces/current', { workspaceId: w.workspaceId }, 404)],
  },
  'PATCH /api/workspace': { probes: () => [patch('/api/workspace', { name: 'Bob team' }, 'own')] },
  // B, the Owner of their own, types another name than its own, then A's: neither deletes anything.
  'DELETE /api/workspace': {
    probes: (w) => [
      del('/api/workspace', { name: 'Not this workspace' }, 400),
      del('/api/workspace', { name: w.workspaceName }, 400),
    ],
  },
  'GET /api/workspace/members': { probes: () => [get('/api/workspace/members')] },
  'GET /api/workspace/people': { probes: () => [get('/api/workspace/people')] },
  'PATCH /api/workspace/members/:userId': {
    probes: (w) => [patch(`/api/workspace/members/${w.a.id}`, { role: 'member', visibility: 'own' })],
  },
  'POST /api/workspace/members/:userId/remove': {
    probes: (w) => [
      post(`/api/workspace/members/${w.a.id}/remove`, { reassignTo: w.b.id }, 404),
      post(`/api/workspace/members/${w.a.id}/remove`, { reassignTo: w.a.id }, 404),
    ],
  },
  'POST /api/workspace/transfer': { probes: (w) => [post('/api/workspace/transfer', { userId: w.a.id }, 400)] },
  // B owns their workspace, and an Owner does not leave: the refusal is B's own.
  'POST /api/workspace/leave': { probes: () => [bare('/api/workspace/leave', 400)] },
  'GET /api/workspace/invitations': { probes: () => [get('/api/workspace/invitations')] },
  'POST /api/workspace/invitations': {
    probes: () => [post('/api/workspace/invitations', { email: 'bobs-colleague@example.com', role: 'member' })],
  },
  'POST /api/workspace/invitations/:id/resend': {
    probes: (w) => [bare(`/api/workspace/invitations/${w.invitationId}/resend`)],
  },
  'DELETE /api/workspace/invitations/:id': { probes: (w) => [del(`/api/workspace/invitations/${w.invitationId}`)] },
  'GET /api/invitations/:token': {
    public: 'the invitation page reads it before the invited person has an account; the link is the secret',
    call: (w) => ({ method: 'GET', url: `/api/invitations/${w.invitationToken}` }),
  },
  // B holds A's link but is not the invited address: refused, and nothing joined.
  'POST /api/invitations/:token/accept': {
    probes: (w) => [bare(`/api/invitations/${w.invitationToken}/accept`, 403)],
  },
};
