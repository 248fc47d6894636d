import type { ApiRoute } from './api-route';

/**
 * The invitation page's routes by path alone, without zod: the page is a public one, kept within the public pages'
 * budget, and the sign-up page reads the invited address from the preview (web/src/pages/invitations/api.ts).
 * Their schemas: workspaces-api.ts.
 */
export const invitationRoutes = {
  preview: { method: 'GET', path: '/api/invitations/:token' },
  accept: { method: 'POST', path: '/api/invitations/:token/accept' },
} as const satisfies Record<string, ApiRoute>;

/**
 * The user's workspaces by path alone: the sidebar's switcher names the current one on every signed-in page's first
 * load (web/src/pages/team/workspaces-query.ts).
 */
export const workspaceRoutes = {
  list: { method: 'GET', path: '/api/workspaces' },
} as const satisfies Record<string, ApiRoute>;
