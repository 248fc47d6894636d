import { del, get, post } from './api-route';
import { apiKeyInputSchema, apiKeyListSchema, createdApiKeySchema } from './api-keys';
import { idParamSchema } from './http';

/** The signed-in member's API keys in the current workspace (see api-route.ts); a session's only, never a key's. */
export const apiKeysApi = {
  list: get('/api/api-keys', { response: apiKeyListSchema }),
  create: post('/api/api-keys', { body: apiKeyInputSchema, response: createdApiKeySchema, status: 201 }),
  revoke: del('/api/api-keys/:id', { params: idParamSchema, status: 204 }),
};
