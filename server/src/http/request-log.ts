import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { logSerializers, redactUrl } from './log-redaction';

const redact = [
  'req.headers.cookie',
  'req.headers.authorization',
  // A chat conversation's token resumes it: a secret like a session's.
  'req.headers["x-chat-token"]',
  'res.headers["set-cookie"]',
];
/** What every logger of the app keeps out of its lines (secrets in URLs, query parameters): log-redaction.ts. */
export const privacy = { redact, serializers: logSerializers };

/**
 * pino-pretty's options at a terminal. The request id stays out: with one line per request a person reads them in
 * order (LOG_FORMAT=json keeps it, for collectors that match lines up).
 */
export const prettyOptions = { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' };

/** JSON lines by default; at a terminal, pino-pretty turns them into readable lines (in a worker thread of pino's). */
export function serverLogger(config: Pick<Config, 'logLevel' | 'logFormat'>) {
  if (config.logFormat === 'json') return { level: config.logLevel, ...privacy };
  return { level: config.logLevel, ...privacy, transport: { target: 'pino-pretty', options: prettyOptions } };
}

/** A file of the built web app (a script, a stylesheet, a picture): a path with an extension, outside the API. */
export function isStaticFile(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return !pathname.startsWith('/api/') && /\.[a-z0-9]+$/i.test(pathname);
}

/** The readable line of a request: `GET /api/contacts 200 12 ms`. The query string stays out (it may hold a search). */
export function requestLine(method: string, url: string, statusCode: number, milliseconds: number): string {
  const time = milliseconds < 10 ? milliseconds.toFixed(1) : String(Math.round(milliseconds));
  return `${method} ${redactUrl(url.split('?')[0]!)} ${statusCode} ${time} ms`;
}

/**
 * One log entry per request, written when it ends: Fastify's default writes a second at arrival. In JSON, the
 * request and reply as objects; in the pretty format, one readable line. A file of the web app served well is
 * logged at debug: a page load fetches a dozen, and the page's own requests are what a person wants to see.
 */
export class RequestLog extends LogController {
  constructor(private readonly format: Config['logFormat']) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime;
    const level = error ? 'error' : isStaticFile(request.url) && reply.statusCode < 400 ? 'debug' : 'info';
    if (this.format === 'pretty') {
      const line = requestLine(request.method, request.url, reply.statusCode, responseTime);
      reply.log[level](error ? { err: error } : {}, line);
    } else if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else {
      reply.log[level]({ req: request, res: reply, responseTime }, 'request completed');
    }
  }
}
