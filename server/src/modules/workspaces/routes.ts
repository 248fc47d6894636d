import type { FastifyInstance } from 'fastify';
import { workspacesApi } from '@common/workspaces-api';
import { serve } from '../../http/serve';
import {
  acceptInvitation,
  invite,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationContext,
} from './invitations';
import { leaveWorkspace, listMembers, listPeople, removeMember, transferOwnership, updateMember } from './members';
import { deleteWorkspace, listWorkspaces, renameWorkspace, switchWorkspace } from './service';
import { forgetMembershipsAfterChanges } from './membership-changes';

/** The signed-in routes of workspaces, members and invitations (`req.workspace` is the current workspace). */
export async function workspacesRoutes(app: FastifyInstance) {
  forgetMembershipsAfterChanges(app);
  serve(app, workspacesApi.list, async (req) => ({
    items: await listWorkspaces(app.db, req.user.id, req.workspace.id),
  }));

  serve(app, workspacesApi.switch, (req) => switchWorkspace(app.db, req.user.id, req.body.workspaceId));

  serve(app, workspacesApi.rename, (req) => renameWorkspace(app.db, req.workspace, req.body.name));

  serve(app, workspacesApi.remove, async (req, reply) => {
    await deleteWorkspace(app.db, req.workspace, req.user.id, req.body.name);
    return reply.code(204).send();
  });

  serve(app, workspacesApi.members, async (req) => ({ items: await listMembers(app.db, req.workspace) }));

  serve(app, workspacesApi.people, async (req) => ({ items: await listPeople(app.db, req.workspace.id) }));

  serve(app, workspacesApi.updateMember, (req) => updateMember(app.db, req.workspace, req.params.userId, req.body));

  serve(app, workspacesApi.removeMember, async (req, reply) => {
    await removeMember(app.db, req.workspace, req.user.id, req.params.userId, req.body.reassignTo);
    return reply.code(204).send();
  });

  serve(app, workspacesApi.transfer, async (req) => ({
    items: await transferOwnership(app.db, req.workspace, req.user.id, req.body.userId),
  }));

  serve(app, workspacesApi.leave, async (req, reply) => {
    await leaveWorkspace(app.db, req.workspace, req.user.id);
    return reply.code(204).send();
  });

  const context = (req: { workspace: InvitationContext['scope']; user: { id: string } }): InvitationContext => ({
    db: app.db,
    scope: req.workspace,
    userId: req.user.id,
    publicUrl: app.config.publicUrl,
    mail: app.productMail,
  });

  serve(app, workspacesApi.invitations, async (req) => ({ items: await listInvitations(app.db, req.workspace) }));

  serve(app, workspacesApi.invite, async (req, reply) => reply.code(201).send(await invite(context(req), req.body)));

  serve(app, workspacesApi.resend, (req) => resendInvitation(context(req), req.params.id));

  serve(app, workspacesApi.revoke, async (req, reply) => {
    await revokeInvitation(app.db, req.workspace, req.params.id);
    return reply.code(204).send();
  });

  serve(app, workspacesApi.accept, (req) => acceptInvitation(app.db, req.user, req.params.token));
}
