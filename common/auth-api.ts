import { get, post } from './api-route';
import {
  changePasswordInputSchema,
  currentSessionResponseSchema,
  sessionResponseSchema,
  signInInputSchema,
  signUpInputSchema,
} from './auth';
import { authRoutes } from './auth-routes';
import { emptyBodySchema } from './http';

/** The auth area's routes (see api-route.ts); better-auth's own stay inside the server. */
export const authApi = {
  signUp: { ...authRoutes.signUp, body: signUpInputSchema, response: sessionResponseSchema, status: 201 as const },
  signIn: { ...authRoutes.signIn, body: signInInputSchema, response: sessionResponseSchema },
  signOut: { ...authRoutes.signOut, body: emptyBodySchema, status: 204 as const },
  changePassword: post('/api/auth/change-password', { body: changePasswordInputSchema, status: 204 }),
  signOutOthers: post('/api/auth/sign-out-others', { body: emptyBodySchema, status: 204 }),
  me: get('/api/me', { response: sessionResponseSchema }),
  /** The web app's session check: the user, or null with no session. */
  session: { ...authRoutes.session, response: currentSessionResponseSchema },
};
