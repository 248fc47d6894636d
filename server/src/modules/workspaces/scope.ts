import { workspaceMessages, type RecordVisibility, type WorkspaceRole } from '@common/workspaces';
import type { Member } from '../../db/member-scope';
import { AppError } from '../../errors';

/** The workspace a signed-in request works in, and the user's part in it. */
export interface WorkspaceScope {
  id: string;
  name: string;
  role: WorkspaceRole;
  visibility: RecordVisibility;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The current workspace of the signed-in user; set by requireWorkspace on every signed-in area route. */
    workspace: WorkspaceScope;
    /** The same, as the shared areas' services take it: the workspace, the user and their record visibility. */
    member: Member;
  }
}

/** 403 unless the request's member is the workspace's Owner or an Admin; `message` names what a Member may not do. */
export function requireAdmin(scope: WorkspaceScope, message: string = workspaceMessages.adminOnly): void {
  if (scope.role === 'member') throw new AppError(403, message);
}

/** 403 unless the request's member is the workspace's Owner; `message` names what the others may not do. */
export function requireOwner(scope: WorkspaceScope, message: string = workspaceMessages.ownerOnly): void {
  if (scope.role !== 'owner') throw new AppError(403, message);
}
