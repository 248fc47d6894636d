import type { FastifyInstance } from 'fastify';
import { helmetHeaders } from '../../http/security-headers';

/** The booking page's paths: any site may frame them through the scheduling widget (decisions.md item 14). */
export const framablePathPrefix = '/book/';

/** The app's helmet options (app.ts): its CSP directives, and HSTS on or off. */
interface SecurityOptions {
  contentSecurityPolicy: { directives: Record<string, Iterable<string> | null> };
  strictTransportSecurity: boolean;
}

/**
 * Lets other sites frame the booking page: its responses carry the same headers as every other page but without
 * frame-ancestors and X-Frame-Options (`frame-ancestors *` would still refuse an http site framing an https
 * server). Every other path keeps frame-ancestors 'self'. Runs after addSecurityHeaders' hook.
 */
export function allowFramingOfBookingPages(app: FastifyInstance, options: SecurityOptions): void {
  const { directives } = options.contentSecurityPolicy;
  const headers = helmetHeaders({
    ...options,
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: null } },
    xFrameOptions: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith(framablePathPrefix)) {
      reply.removeHeader('x-frame-options');
      reply.headers(headers);
    }
    done();
  });
}
