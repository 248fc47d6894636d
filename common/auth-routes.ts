import type { ApiRoute } from './api-route';

/**
 * The session's routes by path alone, without zod: the session check runs on every page and the sign-in page is
 * a public one, so their answers are read by hand (web/src/lib/session-response.ts). Their schemas: auth-api.ts.
 */
export const authRoutes = {
  signUp: { method: 'POST', path: '/api/auth/sign-up' },
  signIn: { method: 'POST', path: '/api/auth/sign-in' },
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
  session: { method: 'GET', path: '/api/session' },
} as const satisfies Record<string, ApiRoute>;
