import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { authenticateApiKey } from './api-key-check';
import { CLIENT_IP_HEADER } from './better-auth';
import type { SessionUser } from './session-check';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by requireUser on every protected route. */
    user: SessionUser;
  }
}

/** The headers Better Auth needs, built by us: the client address is ours (req.ip), never a client's header. */
export function authHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  const userAgent = req.headers['user-agent'];
  if (userAgent) headers.set('user-agent', userAgent);
  headers.set(CLIENT_IP_HEADER, req.ip);
  return headers;
}

/**
 * The request's signed-in user, or null; a renewed session's cookie goes out with the reply. A request with an
 * Authorization header is an API key's: its cookie is never read (null here; requireUser checks the key).
 */
export async function findUser(req: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  if (req.headers.authorization !== undefined) return null;
  const session = await req.server.sessions.check(req.headers.cookie, () => authHeaders(req));
  if (!session) return null;
  if (session.cookies.length) reply.header('set-cookie', session.cookies);
  return session.user;
}

/** A session's user, or an API key's (issue 30): the key sets the member and workspace too (api-key-check.ts). */
export async function requireUser(req: FastifyRequest, reply: FastifyReply) {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) return authenticateApiKey(req, authorization);
  const user = await findUser(req, reply);
  if (!user) throw new AppError(401, 'Not signed in');
  req.user = user;
}
