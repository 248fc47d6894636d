import { get, post } from './api-route';

/**
 * The session's routes by path alone, without zod: the session check runs on every page and the sign-in page is
 * a public one, so their answers are read by hand (web/src/lib/session-response.ts). Their schemas: auth-api.ts.
 */
export const authRoutes = {
  signUp: post('/api/auth/sign-up'),
  signIn: post('/api/auth/sign-in'),
  signOut: post('/api/auth/sign-out'),
  session: get('/api/session'),
};
