import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a foreign page could make a browser send: a foreign Origin (403), or a body
 * that is not JSON (415) — HTML forms can only post form-encoded, multipart or text/plain bodies. Public endpoints
 * (form posts from any site) are exempt.
 *
 * The rule is read from the route that matched, never from the raw URL: the router decodes the path
 * (`/%61pi/contacts` is `/api/contacts` to it), so a rule on the URL as sent could be dodged by spelling it
 * differently. A request that matched no route reaches nothing and is left to the not-found answer.
 */
export function refuseCrossSiteWrites(publicUrl: string, multipartRoutes: RegExp[] = []) {
  const ownOrigin = new URL(publicUrl).origin;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url;
    if (SAFE_METHODS.has(req.method) || route === undefined || route.startsWith('/api/public/')) return;
    const origin = req.headers.origin;
    const isKeyOnly = req.headers.authorization !== undefined && req.headers.cookie === undefined;
    const hostOrigin = `${req.protocol}://${req.headers.host ?? ''}`;
    const isForeign =
      (origin && origin !== ownOrigin && origin !== hostOrigin) || req.headers['sec-fetch-site'] === 'cross-site';
    if (isForeign && !isKeyOnly) {
      return reply.code(403).send({ error: 'Cross-origin request refused' });
    }
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const isMultipartAllowed = type === 'multipart/form-data' && multipartRoutes.some((path) => path.test(route));
    if ((hasBody || type) && type !== 'application/json' && !isMultipartAllowed) {
      return reply.code(415).send({ error: 'Unsupported content type: send JSON' });
    }
  };
}
