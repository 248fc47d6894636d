import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { apiKeyMessages } from '@common/api-keys';

/**
 * The per-key limit (API_KEY_REQUESTS_PER_MINUTE): @fastify/rate-limit with the database store of the other limits,
 * counted by the key's id, so it holds across server processes. A session's request passes untouched.
 */
export function apiKeyRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  return app.rateLimit({
    max: app.config.apiKeyRequestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `api-key:${req.apiKey?.id ?? ''}`,
    allowList: (req) => !req.apiKey,
    errorResponseBuilder: () => ({ statusCode: 429, message: apiKeyMessages.tooManyRequests }),
  });
}
