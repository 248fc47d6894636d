import type { workspacesApi } from '@common/workspaces-api';
import { invitationRoutes } from '@common/workspaces-routes';
import { send } from '../../lib/api';

// An invitation token as links carry it: URL-safe characters only, so the page it leads to is always
// /invite/<token> of this site and never another address (no open redirect through ?invite=).
const tokenPattern = /^[A-Za-z0-9_~.-]{1,200}$/;

/** The invitation the visitor came from (`?invite=` on /signin and /signup), when it looks like one. */
export function inviteTokenOf(search: URLSearchParams): string | null {
  const token = search.get('invite');
  return token && tokenPattern.test(token) && /[A-Za-z0-9]/.test(token) ? token : null;
}

/** The invitation page of a token. */
export const invitePath = (token: string) => `/invite/${encodeURIComponent(token)}`;

/** The sign-up or sign-in page that comes back to the invitation afterwards. */
export const authPathFor = (page: 'signup' | 'signin', token: string) => `/${page}?invite=${encodeURIComponent(token)}`;

/**
 * The invited address, to fill the sign-up form in; null when the link is not a pending invitation. Read by hand:
 * the sign-up page stays within the public pages' budget without zod.
 */
export async function invitedEmail(token: string): Promise<string | null> {
  try {
    const data = await send<typeof workspacesApi.preview>(invitationRoutes.preview, { params: { token } });
    const email = typeof data === 'object' && data !== null ? (data as { email?: unknown }).email : null;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
