import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  teamMessages,
  workspaceMessages,
  type AssignableRole,
  type InvitationInput,
  type InvitationSent,
  type RecordVisibility,
  type Workspace,
  type WorkspaceRole,
} from '@common/workspaces';
import { workspacesApi } from '@common/workspaces-api';
import { call, isApiError } from '../../lib/api';
import { workspaceKeys } from './keys';
import { restartInWorkspace } from './switch-app';
import { workspacesQuery } from './workspaces-query';

/** The server's refusal in its own words (a 4xx: not an Admin, not a member, a bad choice), else the generic one. */
export const refusalOf = (error: unknown) =>
  isApiError(error) && error.status < 500 ? error.error : teamMessages.changeFailed;
const toastRefusal = (error: unknown) => toast.error(refusalOf(error));

export { workspacesQuery } from './workspaces-query';

/** The current workspace, from the switcher's list (read once for the shell); undefined until it has loaded. */
export function useCurrentWorkspace(): Workspace | undefined {
  return useQuery(workspacesQuery()).data?.items.find((item) => item.current);
}

/** An Owner or Admin manages members, invitations, pipelines and the workspace; the server refuses a Member (403). */
export const managesWorkspace = (role: WorkspaceRole | undefined) => role === 'owner' || role === 'admin';

/** The current workspace's members: a Member is refused (403). */
export const membersQuery = () =>
  queryOptions({ queryKey: workspaceKeys.members(), queryFn: () => call(workspacesApi.members), staleTime: 0 });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.invitations(),
    queryFn: () => call(workspacesApi.invitations),
    staleTime: 0,
  });

function useInvalidateTeam() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: workspaceKeys.all });
}

/** Switches the current workspace, then starts the app again in it. */
export function useSwitchWorkspace() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (workspaceId: string) => call(workspacesApi.switch, { body: { workspaceId } }),
    onSuccess: () => {
      toast.success(workspaceMessages.switched);
      restartInWorkspace(navigate);
    },
    onError: toastRefusal,
  });
}

export function useRenameWorkspace() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (name: string) => call(workspacesApi.rename, { body: { name } }),
    onSuccess: () => {
      toast.success(workspaceMessages.renamed);
      return invalidate();
    },
  });
}

export function useUpdateMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; role?: AssignableRole; visibility?: RecordVisibility }) =>
      call(workspacesApi.updateMember, { params: { userId }, body }),
    onSuccess: () => toast.success(workspaceMessages.memberUpdated),
    onError: toastRefusal,
    onSettled: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ userId, reassignTo }: { userId: string; reassignTo: string }) =>
      call(workspacesApi.removeMember, { params: { userId }, body: { reassignTo } }),
    onSuccess: () => {
      toast.success(workspaceMessages.memberRemoved);
      return invalidate();
    },
    onError: toastRefusal,
  });
}

export function useTransferOwnership() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (userId: string) => call(workspacesApi.transfer, { body: { userId } }),
    onSuccess: () => {
      toast.success(workspaceMessages.transferred);
      return invalidate();
    },
    onError: toastRefusal,
  });
}

/** Leaves the current workspace; the server makes another one current, and the app starts again in it. */
export function useLeaveWorkspace() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(workspacesApi.leave),
    onSuccess: () => {
      toast.success(workspaceMessages.left);
      restartInWorkspace(navigate);
    },
    onError: toastRefusal,
  });
}

/**
 * Deletes the current workspace (the Owner, typing its name); the server makes another one current, and the app
 * starts again in it. The dialog shows a refusal itself.
 */
export function useDeleteWorkspace() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (name: string) => call(workspacesApi.remove, { body: { name } }),
    onSuccess: () => {
      toast.success(workspaceMessages.deleted);
      restartInWorkspace(navigate);
    },
  });
}

/** Invites an address; the form shows the refusal's field messages itself. */
export function useInvite() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (input: InvitationInput) => call(workspacesApi.invite, { body: input }),
    onSuccess: (sent: InvitationSent) => {
      toast.success(sent.mailed ? workspaceMessages.invited : workspaceMessages.invitationCreated);
      return invalidate();
    },
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => call(workspacesApi.resend, { params: { id } }),
    onSuccess: (sent: InvitationSent) => {
      toast.success(sent.mailed ? workspaceMessages.resent : workspaceMessages.linkRenewed);
      return invalidate();
    },
    onError: toastRefusal,
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => call(workspacesApi.revoke, { params: { id } }),
    onSuccess: () => {
      toast.success(workspaceMessages.revoked);
      return invalidate();
    },
    onError: toastRefusal,
  });
}
