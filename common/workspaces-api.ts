import { del, get, patch, post } from './api-route';
import {
  invitationInputSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSentSchema,
  invitationTokenParamSchema,
  memberListSchema,
  memberParamSchema,
  memberRemoveSchema,
  memberSchema,
  peopleSchema,
  memberUpdateSchema,
  transferSchema,
  workspaceListSchema,
  workspaceRenameSchema,
  workspaceSchema,
  workspaceDeleteSchema,
  workspaceSwitchSchema,
} from './workspaces';
import { idParamSchema } from './http';
import { invitationRoutes, workspaceRoutes } from './workspaces-routes';

/**
 * The workspaces area's routes (see api-route.ts). `/api/workspace/...` is the current workspace, the one every
 * other signed-in route reads and writes; the user switches it with `switch`.
 */
export const workspacesApi = {
  list: { ...workspaceRoutes.list, response: workspaceListSchema },
  switch: post('/api/workspaces/current', { body: workspaceSwitchSchema, response: workspaceSchema }),
  /** Admin: the current workspace's name. */
  rename: patch('/api/workspace', { body: workspaceRenameSchema, response: workspaceSchema }),
  /**
   * Owner: deletes the current workspace and every record in it, for every member; `name` must be its name. Each
   * member works in another of theirs from their next request (an account left with none gets a new one).
   */
  remove: del('/api/workspace', { body: workspaceDeleteSchema, status: 204 }),
  members: get('/api/workspace/members', { response: memberListSchema }),
  /** Every member: the workspace's people by name, for the owner and assignee pickers. */
  people: get('/api/workspace/people', { response: peopleSchema }),
  /** Admin: a member's role (Admin or Member) or record visibility. */
  updateMember: patch('/api/workspace/members/:userId', {
    params: memberParamSchema,
    body: memberUpdateSchema,
    response: memberSchema,
  }),
  /** Admin: removes a member, whose records go to `reassignTo`; they lose access on their next request. */
  removeMember: post('/api/workspace/members/:userId/remove', {
    params: memberParamSchema,
    body: memberRemoveSchema,
    status: 204,
  }),
  /** Owner: hands the Owner's role to another member, who becomes Owner while the former Owner becomes Admin. */
  transfer: post('/api/workspace/transfer', { body: transferSchema, response: memberListSchema }),
  /** Any member but the Owner; the user's records stay in the workspace. */
  leave: post('/api/workspace/leave', { status: 204 }),
  invitations: get('/api/workspace/invitations', { response: invitationListSchema }),
  /** Admin: invites an address; mailed when the server sends mail, otherwise the link comes back to copy. */
  invite: post('/api/workspace/invitations', {
    body: invitationInputSchema,
    response: invitationSentSchema,
    status: 201,
  }),
  /** Admin: a new link for a pending invitation, valid for another 7 days; the old link stops working. */
  resend: post('/api/workspace/invitations/:id/resend', { params: idParamSchema, response: invitationSentSchema }),
  revoke: del('/api/workspace/invitations/:id', { params: idParamSchema, status: 204 }),
  /** Public: whose invitation a link is, when it is valid and pending; 404 with the reason otherwise. */
  preview: { ...invitationRoutes.preview, params: invitationTokenParamSchema, response: invitationPreviewSchema },
  /** Signed in as the invited address: joins the workspace and makes it the current one. */
  accept: { ...invitationRoutes.accept, params: invitationTokenParamSchema, response: workspaceSchema },
};
