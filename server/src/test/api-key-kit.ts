import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ApiKeyInput, ApiKeyScopes, CreatedApiKey } from '@common/api-keys';
import type { UserClient } from './test-app';

// Helpers of the API keys' tests (modules/api-keys/*.test.ts): a key made through the routes, and a client that
// sends it as a Bearer key.

/** A key of `user` in their current workspace, made through POST /api/api-keys. */
export async function createKey(
  user: UserClient,
  scopes: ApiKeyScopes,
  more: Partial<ApiKeyInput> = {},
): Promise<CreatedApiKey> {
  const res = await user.post('/api/api-keys', { name: 'Integration', scopes, ...more });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiKey>();
}

export interface KeyClient {
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Requests sent with `Authorization: Bearer <secret>` and no cookie, unless `headers` adds one. */
export function keyClient(app: FastifyInstance, secret: string): KeyClient {
  const send = (method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body ?? {}, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
  };
}

export const allAreas: ApiKeyScopes = {
  contacts: 'write',
  deals: 'write',
  tasks: 'write',
  calendar: 'write',
  forms: 'write',
  chatbots: 'write',
};
