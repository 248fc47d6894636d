import { get, post } from './api-route';
import {
  changePasswordInputSchema,
  currentSessionResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetStatusSchema,
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
  passwordResetStatus: get('/api/auth/password-reset', { response: passwordResetStatusSchema }),
  /** Sends a reset link when the account exists; 204 either way (400 when this server sends no mail). */
  requestPasswordReset: post('/api/auth/password-reset', { body: passwordResetRequestSchema, status: 204 }),
  /** Sets the new password and ends every session of the account. */
  resetPassword: post('/api/auth/password-reset/confirm', { body: passwordResetConfirmSchema, status: 204 }),
  /** The web app's session check: the user, or null with no session. */
  session: { ...authRoutes.session, response: currentSessionResponseSchema },
};
