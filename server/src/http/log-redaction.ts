import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { sqlStateOf } from '../errors';

const REDACTED = '[redacted]';

/**
 * Query parameters whose values are never logged: list cursors carry a row's sort key (a contact's name or e-mail),
 * a search term is whatever the user looked for, and a token is a secret.
 */
const PRIVATE_QUERY_PARAMS = new Set(['cursor', 'q', 'token']);

/** A path segment after `feed/` is the calendar feed's secret token, however the path was written. */
const FEED_TOKEN = /(\/feed\/)[^/.]+/gi;

/**
 * The URL as the log may show it: the calendar feed's token and the values of private query parameters replaced.
 * The path is read decoded, so `/api/calendar/fe%65d/…` hides its token too; a URL with nothing to hide is kept as
 * it came.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  let path = rawPath;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath;
  }
  const withoutToken = decoded.replace(FEED_TOKEN, `$1${REDACTED}`);
  if (withoutToken !== decoded) path = withoutToken;
  if (at < 0) return path;
  const query = new URLSearchParams(url.slice(at + 1));
  let isChanged = false;
  for (const key of new Set(query.keys())) {
    if (PRIVATE_QUERY_PARAMS.has(key.toLowerCase())) {
      query.set(key, REDACTED);
      isChanged = true;
    }
  }
  return `${path}?${isChanged ? query.toString() : url.slice(at + 1)}`;
}

/** A request as its log line shows it: Fastify's own fields, with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A database error from a query: Drizzle's wraps the driver's and carries the statement and its parameters. */
interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as Partial<QueryError>).query === 'string' && 'params' in error;

/** Values a database message may quote at its end (`invalid input syntax for type uuid: "…"`). */
const quotedValue = /: ".*"$/s;

/**
 * An error as its log line shows it. A failed query's parameters are what a user sent (names, e-mail addresses, a
 * session token): its line keeps the statement, the SQLSTATE and the database's message, never the parameters,
 * which Drizzle also writes into its message and stack.
 */
function serializeError(error: unknown) {
  const queryError = findInChain(error, isQueryError);
  if (!queryError) return stdSerializers.err(error as Error);
  const cause = queryError.cause instanceof Error ? queryError.cause : null;
  return {
    type: (error as Error).constructor?.name ?? 'Error',
    message: `Failed query${cause ? `: ${cause.message.replace(quotedValue, `: "${REDACTED}"`)}` : ''}`,
    code: sqlStateOf(error),
    statement: queryError.query,
    stack: (queryError.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

function findInChain<T>(error: unknown, is: (value: unknown) => value is T): T | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (is(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The logger's serializers (app.ts): every request line and every logged error goes through them. */
export const logSerializers = { req: serializeRequest, err: serializeError };
