import type { InvitationPreview } from '@common/workspaces';
import type { workspacesApi } from '@common/workspaces-api';
import { invitationRoutes } from '@common/workspaces-routes';
import { send } from '../../lib/api';

// A public page within the public pages' budget: each request starts at once, and zod with the contract's
// schemas and words loads beside it; the page shows their words once both are in.
const loadContract = () => import('@common/workspaces');

/** A valid invitation as the page shows it. */
export interface InvitationView extends InvitationPreview {
  roleLabel: string;
}

/** Whose invitation the link is; a 404 says why it no longer works. */
export async function fetchInvitation(token: string): Promise<InvitationView> {
  const [data, contract] = await Promise.all([
    send<typeof workspacesApi.preview>(invitationRoutes.preview, { params: { token } }),
    loadContract(),
  ]);
  const preview = contract.invitationPreviewSchema.parse(data);
  return { ...preview, roleLabel: contract.roleLabels[preview.role] };
}

/**
 * Joins the workspace, which becomes the current one, and answers the toast that says so; 403 when signed in with
 * another address.
 */
export async function acceptInvitation(token: string): Promise<string> {
  const [data, contract] = await Promise.all([
    send<typeof workspacesApi.accept>(invitationRoutes.accept, { params: { token } }),
    loadContract(),
  ]);
  contract.workspaceSchema.parse(data);
  return contract.workspaceMessages.joined;
}
