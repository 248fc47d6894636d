import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

/**
 * Every failure leaves as `{ error, fields? }`; only unknown errors are 500, logged, and told nothing.
 * A database that cannot be reached is 503: the request may be retried once it is back.
 */
export function handleError(error: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // 503 is a busy or absent resource the client may retry: worth a warning, not an error.
    if (error.statusCode === 503) req.log.warn({ err: error }, 'request refused for now');
    else if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
    if (error.headers) reply.headers(error.headers);
    return reply
      .code(error.statusCode)
      .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id says nothing about what exists: answer as for an unknown one.
    if (error.validationContext === 'params') return reply.code(404).send({ error: 'Not found' });
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || issueKey(issue.params) || '_';
      fields[key] ??= issue.message ?? 'Invalid value';
    }
    const first = Object.values(fields)[0] ?? 'Invalid input';
    return reply.code(400).send({ error: first, fields });
  }
  const statusCode = (error as FastifyError).statusCode;
  if (statusCode === 429) return reply.code(429).send({ error: error.message });
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return reply.code(statusCode).send({ error: clientMessage(error as FastifyError) });
  }
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE_MESSAGE });
  }
  req.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ error: 'Something went wrong. Please try again.' });
}

function issueKey(params: unknown): string | undefined {
  const issue = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
  return issue?.path?.map(String).join('.') || undefined;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.statusCode === 404 ? 'Not found' : 'Bad request';
  }
}
