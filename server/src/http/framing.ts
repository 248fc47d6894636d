import type { FastifyInstance } from 'fastify';
import { helmetHeaders } from './security-headers';

/**
 * The public pages any site may frame (decisions.md item 14): the booking page through the scheduling widget,
 * a form through the form widget, a chatbot's chat through the chatbot widget.
 */
export const framablePathPrefixes = ['/book/', '/forms/', '/chat/'] as const;

const isFramable = (url: string) => framablePathPrefixes.some((prefix) => url.startsWith(prefix));

/** The app's helmet options (app.ts): its CSP directives, and HSTS on or off. */
interface SecurityOptions {
  contentSecurityPolicy: { directives: Record<string, Iterable<string> | null> };
  strictTransportSecurity: boolean;
}

/**
 * Lets other sites frame the public pages: their responses carry the same headers as every other page but
 * without frame-ancestors and X-Frame-Options (`frame-ancestors *` would still refuse an http site framing an
 * https server). Every other path keeps frame-ancestors 'self'. Runs after addSecurityHeaders' hook.
 */
export function allowFramingOfPublicPages(app: FastifyInstance, options: SecurityOptions): void {
  const { directives } = options.contentSecurityPolicy;
  const headers = helmetHeaders({
    ...options,
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: null } },
    xFrameOptions: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (isFramable(req.url)) {
      reply.removeHeader('x-frame-options');
      reply.headers(headers);
    }
    done();
  });
}
