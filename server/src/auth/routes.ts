import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type User } from '@common/auth';
import { authMessages } from '@common/auth-messages';
import { authApi } from '@common/auth-api';
import { AppError } from '../errors';
import { serve } from '../http/serve';
import { authHeaders, findUser, requireUser } from './guard';
import { changePassword, endOtherSessions } from './password-and-sessions';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ensureProfile } from '../modules/profile/service';
import { signIn, signOut, signUp } from './service';
import type { SessionUser } from './session-check';
import { keyByClientAddress } from '../http/client-address';

/** Attempts per client address per minute on sign-in and sign-up. */
function attemptsLimit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000, keyGenerator: keyByClientAddress } };
}

function sendCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');
}

export async function authRoutes(app: FastifyInstance) {
  /** Sign-out ends the session in the database first: a 204 that left it standing would be a lie. */
  async function endSession(req: FastifyRequest) {
    try {
      await app.sessions.end(req.headers.cookie);
    } catch (error) {
      req.log.warn({ err: error }, 'session could not be ended');
      throw new AppError(503, authMessages.signOutFailed, undefined, { 'retry-after': '5' });
    }
  }

  const config = attemptsLimit(app.config.authAttemptsPerMinute);

  serve(
    app,
    authApi.signUp,
    async (req, reply) => {
      const { user, cookies } = await signUp(app.db, app.auth, req.body, authHeaders(req));
      sendCookies(reply, cookies);
      return reply.code(201).send({ user });
    },
    { config },
  );

  serve(
    app,
    authApi.signIn,
    async (req, reply) => {
      const { user, cookies } = await signIn(app.db, app.auth, req.body, authHeaders(req));
      sendCookies(reply, cookies);
      return { user };
    },
    { config },
  );

  serve(app, authApi.signOut, async (req, reply) => {
    await endSession(req);
    sendCookies(reply, await signOut(app.auth, authHeaders(req)));
    return reply.code(204).send();
  });

  /** The session's profile, made when missing; a session whose profile cannot be made is signed out (part 1 §4). */
  async function profileOf(req: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<User | null> {
    try {
      return await ensureProfile(app.db, user);
    } catch (error) {
      if (!(error instanceof AppError && error.message === authMessages.profileCreateFailed)) throw error;
      await endSession(req);
      sendCookies(reply, await signOut(app.auth, authHeaders(req)));
      return null;
    }
  }

  serve(
    app,
    authApi.changePassword,
    async (req, reply) => {
      const cookies = await changePassword(app.db, app.auth, req.user, req.body, authHeaders(req));
      // Every other session of the user is gone from the database: none may be answered from memory here.
      app.sessions.forgetUser(req.user.id);
      sendCookies(reply, cookies);
      return reply.code(204).send();
    },
    { preHandler: requireUser },
  );
  serve(app, authApi.passwordResetStatus, () => ({ available: app.productMail !== null }));
  serve(
    app,
    authApi.requestPasswordReset,
    async (req, reply) => {
      await requestPasswordReset(app.auth, app.productMail, req.body.email);
      return reply.code(204).send();
    },
    { config },
  );
  serve(
    app,
    authApi.resetPassword,
    async (req, reply) => {
      await resetPassword(app.auth, req.body);
      return reply.code(204).send();
    },
    { config },
  );
  serve(
    app,
    authApi.signOutOthers,
    async (req, reply) => {
      await endOtherSessions(app.auth, authHeaders(req));
      app.sessions.forgetUser(req.user.id);
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
    { preHandler: requireUser },
  );
  serve(
    app,
    authApi.me,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await profileOf(req, reply, req.user);
      if (!user) throw new AppError(401, authMessages.profileCreateFailed);
      return { user };
    },
    { preHandler: requireUser },
  );

  // The web app's session check: a visitor with no session is an answer, not an error (GET /api/me answers 401).
  serve(app, authApi.session, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await findUser(req, reply);
    return { user: user && (await profileOf(req, reply, user)) };
  });
}

export const tooManyAttempts = () => ({ statusCode: 429, message: authMessages.tooManyAttempts });
