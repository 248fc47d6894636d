import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** PostgreSQL text cannot hold U+0000: refuse it at the edge rather than fail in the database. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
}

/** Fastify's own JSON parser (with its prototype-poisoning guard), plus the NUL check. */
export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    void parseJson(req, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (containsNul(value)) return done(new AppError(400, 'Text must not contain NUL characters'), undefined);
      done(null, value);
    });
  });
}

/** The same check on query strings (a search term, a stage name): a 400 instead of a database error. */
export function refuseNulInQuery(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.query)) throw new AppError(400, 'Text must not contain NUL characters');
  });
}
